import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Visibility } from '../../access/collections';
import { roleReach, visibleTo, type RoleReach } from '../../access/collections';

export interface ShareRow {
  share_id: number;
  user_id: number;
  collection_id: number | null;
  playlist_id: number | null;
  created_at: string;
  expires_at: string | null;
}

export interface ShareListRow extends ShareRow {
  user_name: string;
  collection_name: string | null;
  playlist_title: string | null;
}

/** A playlist entry a share may show: audio of a collection the share's visibility allows. */
export interface SharedEntryRow {
  file_id: number;
  collection_id: number;
  title: string;
  artists: string;
  duration: number | string;
  price: number | null;
  image_hash: string | null;
}

const SHARE_COLUMNS = [
  's.share_id',
  's.user_id',
  's.collection_id',
  's.playlist_id',
  's.created_at',
  's.expires_at',
] as const;

const toShare = <T extends ShareRow>(row: T): T => ({
  ...row,
  share_id: Number(row.share_id),
  user_id: Number(row.user_id),
  collection_id: row.collection_id === null ? null : Number(row.collection_id),
  playlist_id: row.playlist_id === null ? null : Number(row.playlist_id),
});

/** Share links by token hash, by sharer, and what a playlist link may show. */
export class SharesRepository {
  constructor(private readonly db: Db) {}

  async insert(values: {
    userId: number;
    tokenHash: string;
    collectionId: number | null;
    playlistId: number | null;
    createdAt: string;
    expiresAt: string | null;
  }): Promise<number> {
    const row = await this.db
      .insertInto('share_links')
      .values({
        user_id: values.userId,
        token_hash: values.tokenHash,
        collection_id: values.collectionId,
        playlist_id: values.playlistId,
        created_at: values.createdAt,
        expires_at: values.expiresAt,
      })
      .returning('share_id')
      .executeTakeFirstOrThrow();
    return Number(row.share_id);
  }

  async countByUser(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('share_links')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The link with this token hash that has not expired at `now`. */
  async findLive(tokenHash: string, now: string): Promise<ShareRow | undefined> {
    const row = await this.db
      .selectFrom('share_links as s')
      .select(SHARE_COLUMNS)
      .where('s.token_hash', '=', tokenHash)
      .where((eb) => eb.or([eb('s.expires_at', 'is', null), eb('s.expires_at', '>', now)]))
      .executeTakeFirst();
    return row && toShare(row);
  }

  async findById(shareId: number): Promise<ShareRow | undefined> {
    const row = await this.db
      .selectFrom('share_links as s')
      .select(SHARE_COLUMNS)
      .where('s.share_id', '=', shareId)
      .executeTakeFirst();
    return row && toShare(row);
  }

  /** Newest first; one sharer's links, or every link when `userId` is null. */
  async list(userId: number | null): Promise<ShareListRow[]> {
    let query = this.db
      .selectFrom('share_links as s')
      .innerJoin('users as u', 'u.user_id', 's.user_id')
      .leftJoin('collections as c', 'c.collection_id', 's.collection_id')
      .leftJoin('playlists as p', 'p.playlist_id', 's.playlist_id')
      .select([
        ...SHARE_COLUMNS,
        'u.user_name',
        'c.name as collection_name',
        'p.title as playlist_title',
      ])
      .orderBy('s.share_id', 'desc')
      .limit(1000);
    if (userId !== null) query = query.where('s.user_id', '=', userId);
    return (await query.execute()).map(toShare);
  }

  async delete(shareId: number): Promise<void> {
    await this.db.deleteFrom('share_links').where('share_id', '=', shareId).execute();
  }

  /** Every role's reach: a link opens for anyone, so what any role hides stays hidden. */
  async roleReaches(): Promise<RoleReach[]> {
    const rows = await this.db
      .selectFrom('roles')
      .select(['blacklisted_tags', 'libraries'])
      .execute();
    return rows.map(roleReach);
  }

  /** A playlist's audio entries in its order, only from collections `viewer` may see. */
  async playlistEntries(playlistId: number, viewer: Visibility): Promise<SharedEntryRow[]> {
    const result = await sql<SharedEntryRow>`SELECT f.file_id, c.collection_id, a.title,
        a.artists, a.duration, c.price, coalesce(f.image_hash, c.image_hash) AS image_hash
      FROM playlist_files pf
      JOIN files f ON f.file_id = pf.file_id
      JOIN audio a ON a.file_id = pf.file_id
      JOIN collections c ON c.collection_id = f.collection_id
      WHERE pf.playlist_id = ${playlistId} AND ${visibleTo(viewer, 'c')}
        AND f.missing_since IS NULL
      ORDER BY pf.position, pf.added_at, pf.file_id`.execute(this.db);
    return result.rows.map((r) => ({
      ...r,
      file_id: Number(r.file_id),
      collection_id: Number(r.collection_id),
      price: r.price === null ? null : Number(r.price),
    }));
  }
}
