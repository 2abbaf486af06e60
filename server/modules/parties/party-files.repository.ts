import { sql, type SqlBool } from 'kysely';
import type { PartyTrackInfo } from '../../../domain/parties';
import { roleReach, visibleTo, type RoleReach, type Visibility } from '../../access/collections';
import { parseJson, type Db } from '../../db/database';

type InfoRow = {
  file_id: number;
  title: string;
  artists: string;
  collection_name: string;
  duration: number;
  image_hash: string | null;
};

const toInfo = (r: InfoRow): PartyTrackInfo => ({
  fileId: Number(r.file_id),
  title: r.title,
  artists: parseJson<string[]>(r.artists, []),
  collectionName: r.collection_name,
  duration: Number(r.duration),
  imageHash: r.image_hash,
});

/** Every one of these viewers may see the collection aliased `c`. */
const seenByAll = (viewers: readonly Visibility[]) =>
  sql<SqlBool>`${sql.join(
    viewers.map((viewer) => visibleTo(viewer, 'c')),
    sql` AND `,
  )}`;

const INFO = sql`f.file_id, a.title, a.artists, c.name AS collection_name, a.duration,
  coalesce(f.image_hash, c.image_hash) AS image_hash`;

/**
 * The library as a party sees it: audio files in collections every given viewer may see (the
 * one adding or looking, and the host whose device plays them). Visibility itself is decided by
 * server/access; this only runs its SQL twin.
 */
export class PartyFilesRepository {
  constructor(private readonly db: Db) {}

  /** Which of these files are present audio that every viewer may see. */
  async visibleAudio(fileIds: readonly number[], viewers: readonly Visibility[]) {
    if (fileIds.length === 0) return new Set<number>();
    const result = await sql<{ file_id: number }>`SELECT f.file_id FROM files f
      JOIN audio a ON a.file_id = f.file_id
      JOIN collections c ON c.collection_id = f.collection_id
      WHERE f.file_id IN (${sql.join([...fileIds])}) AND ${seenByAll(viewers)}
        AND f.missing_since IS NULL`.execute(this.db);
    return new Set(result.rows.map((r) => Number(r.file_id)));
  }

  /** Title, artists and cover of these files, those every viewer may see (any order). */
  async info(fileIds: readonly number[], viewers: readonly Visibility[]) {
    if (fileIds.length === 0) return [];
    const result = await sql<InfoRow>`SELECT ${INFO} FROM files f
      JOIN audio a ON a.file_id = f.file_id
      JOIN collections c ON c.collection_id = f.collection_id
      WHERE f.file_id IN (${sql.join([...fileIds])}) AND ${seenByAll(viewers)}
        AND f.missing_since IS NULL`.execute(this.db);
    return result.rows.map(toInfo);
  }

  /**
   * Tracks whose title, artists or release contain `text` (compared lower-cased on both
   * databases), those every viewer may see, by title.
   */
  async search(text: string, viewers: readonly Visibility[], limit: number) {
    const like = `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const matches = sql<SqlBool>`(lower(a.title) LIKE ${like} ESCAPE '\\'
      OR lower(a.artists) LIKE ${like} ESCAPE '\\' OR lower(c.name) LIKE ${like} ESCAPE '\\')`;
    const result = await sql<InfoRow>`SELECT ${INFO} FROM files f
      JOIN audio a ON a.file_id = f.file_id
      JOIN collections c ON c.collection_id = f.collection_id
      WHERE ${matches} AND ${seenByAll(viewers)} AND f.missing_since IS NULL
      ORDER BY lower(a.title), f.file_id
      LIMIT ${limit}`.execute(this.db);
    return result.rows.map(toInfo);
  }

  /** Every role's reach: a signed-out guest sees only what no role hides (as a share link). */
  async roleReaches(): Promise<RoleReach[]> {
    const rows = await this.db
      .selectFrom('roles')
      .select(['blacklisted_tags', 'libraries'])
      .execute();
    return rows.map(roleReach);
  }
}
