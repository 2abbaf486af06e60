import { sql } from 'kysely';
import { nowIso, type Db } from '../../db/database';

/** A library's present albums and tracks (missing ones not counted). */
export interface LibraryCounts {
  collections: number;
  tracks: number;
}

/** `substr(path, 1, n) = prefix` with n in code points, as SQL counts them (not UTF-16 units). */
const under = (root: string) => {
  const prefix = root.endsWith('/') ? root : `${root}/`;
  return sql<boolean>`substr(f.path, 1, ${[...prefix].length}) = ${prefix}`;
};

/** Collections as members of libraries (issue 46): which library each is, counts, removal. */
export class LibraryCollectionsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Collections whose files are under `root` and that belong to no library yet (imported before
   * there were libraries) become this library's. Uploads and store releases live elsewhere.
   */
  async claimUnder(root: string, libraryId: number): Promise<number> {
    const result = await sql`UPDATE collections SET library_id = ${libraryId}
      WHERE library_id IS NULL AND collection_id IN (
        SELECT f.collection_id FROM files f WHERE ${under(root)})`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /**
   * A removed library: every present file of its collections is marked missing, like files gone
   * from the disk (decision 0056): hidden everywhere, kept with their state until purged, back
   * when the folder is added again. Answers how many audio files were hidden.
   */
  async hideLibrary(libraryId: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const ids = sql`SELECT collection_id FROM collections WHERE library_id = ${libraryId}`;
      const audio = await sql<{ n: number | string }>`SELECT count(*) AS n FROM files f
        JOIN audio a ON a.file_id = f.file_id
        WHERE f.missing_since IS NULL AND f.collection_id IN (${ids})`.execute(trx);
      await sql`UPDATE files SET missing_since = ${now}
        WHERE missing_since IS NULL AND collection_id IN (${ids})`.execute(trx);
      await sql`UPDATE collections SET missing_since = ${now}
        WHERE library_id = ${libraryId} AND missing_since IS NULL`.execute(trx);
      return Number(audio.rows[0]?.n ?? 0);
    });
  }

  /** Present albums and tracks per library, for the admin screens. */
  async counts(): Promise<Map<number, LibraryCounts>> {
    const rows = await sql<{
      library_id: number;
      collections: number | string;
      tracks: number | string;
    }>`SELECT c.library_id, count(DISTINCT c.collection_id) AS collections,
        count(a.file_id) AS tracks
      FROM collections c
      LEFT JOIN files f ON f.collection_id = c.collection_id AND f.missing_since IS NULL
      LEFT JOIN audio a ON a.file_id = f.file_id
      WHERE c.library_id IS NOT NULL AND c.missing_since IS NULL
      GROUP BY c.library_id`.execute(this.db);
    return new Map(
      rows.rows.map((row) => [
        Number(row.library_id),
        { collections: Number(row.collections), tracks: Number(row.tracks) },
      ]),
    );
  }
}
