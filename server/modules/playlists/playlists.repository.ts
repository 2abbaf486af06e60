import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { nowIso, type Db } from '../../db/database';
import { FILE_WITH_AUDIO_COLUMNS, type FileWithAudioRow } from '../catalogue';
import type { Caller } from '../../access/caller';
import { visibleTo } from '../../access/collections';

export interface PlaylistRow {
  playlist_id: number;
  user_id: number;
  title: string;
  description: string;
  public: number;
  kind: string;
}

export interface PlaylistSummaryRow extends PlaylistRow {
  user_name: string;
  track_count: number | string;
  duration: number | string | null;
  image_hash: string | null;
}

export type PlaylistEntryRow = FileWithAudioRow & {
  entry_collection_id: number;
  collection_name: string;
  collection_price: number | null;
  collection_image_hash: string | null;
  unlocked: number;
};

export interface PlaylistDates {
  created: string;
  /** The last time an entry was added, else the creation. */
  changed: string;
}

export interface PlaylistColumns {
  title?: string;
  description?: string;
  public?: number;
  kind?: string;
}

/** Kinds built by the homepage job: not "my playlists", they are replaced on every run. */
const GENERATED_KINDS = ['random', 'top', 'special'];

/** Entries a viewer may see: audio files of collections visible to them. */
const visibleEntries = (viewer: Caller): RawBuilder<unknown> => sql`playlist_files pf
  JOIN files f ON f.file_id = pf.file_id
  JOIN audio a ON a.file_id = pf.file_id
  JOIN collections c ON c.collection_id = f.collection_id
  WHERE pf.playlist_id = p.playlist_id AND ${visibleTo(viewer, 'c')} AND f.missing_since IS NULL`;

export class PlaylistsRepository {
  constructor(private readonly db: Db) {}

  async find(id: number): Promise<PlaylistRow | undefined> {
    return this.db
      .selectFrom('playlists')
      .select(['playlist_id', 'user_id', 'title', 'description', 'public', 'kind'])
      .where('playlist_id', '=', id)
      .executeTakeFirst();
  }

  /** Playlist cards; counts, duration and cover only from entries the viewer may see. */
  private async summaries(where: RawBuilder<SqlBool>, viewer: Caller) {
    const result = await sql<PlaylistSummaryRow>`SELECT p.playlist_id, p.user_id, p.title,
        p.description, p.public, p.kind, u.user_name,
        (SELECT count(*) FROM ${visibleEntries(viewer)}) AS track_count,
        (SELECT sum(a.duration) FROM ${visibleEntries(viewer)}) AS duration,
        (SELECT coalesce(f.image_hash, c.image_hash) FROM ${visibleEntries(viewer)}
          ORDER BY pf.position, pf.file_id LIMIT 1) AS image_hash
      FROM playlists p JOIN users u ON u.user_id = p.user_id
      WHERE ${where}
      ORDER BY CASE WHEN p.kind = 'liked' THEN 0 ELSE 1 END, lower(p.title), p.playlist_id`.execute(
      this.db,
    );
    return result.rows;
  }

  listOwn(userId: number, viewer: Caller): Promise<PlaylistSummaryRow[]> {
    return this.summaries(
      sql<SqlBool>`p.user_id = ${userId} AND p.kind NOT IN (${sql.join(GENERATED_KINDS)})`,
      viewer,
    );
  }

  /**
   * Other users' playlists anyone may open: public ones and editorial picks (not the homepage's
   * generated ones, rebuilt every day under new ids).
   */
  listSharedByOthers(userId: number, viewer: Caller): Promise<PlaylistSummaryRow[]> {
    return this.summaries(
      sql<SqlBool>`p.user_id <> ${userId}
        AND (p.kind = 'editor' OR (p.kind = 'user' AND p.public = 1))`,
      viewer,
    );
  }

  async summary(id: number, viewer: Caller): Promise<PlaylistSummaryRow | undefined> {
    const [row] = await this.summaries(sql<SqlBool>`p.playlist_id = ${id}`, viewer);
    return row;
  }

  async create(userId: number, values: Required<PlaylistColumns>): Promise<number> {
    const row = await this.db
      .insertInto('playlists')
      .values({ user_id: userId, ...values, created_at: nowIso() })
      .returning('playlist_id')
      .executeTakeFirstOrThrow();
    return row.playlist_id;
  }

  async update(id: number, columns: PlaylistColumns): Promise<void> {
    if (Object.keys(columns).length === 0) return;
    await this.db.updateTable('playlists').set(columns).where('playlist_id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('playlists').where('playlist_id', '=', id).execute();
  }

  async entries(id: number, viewer: Caller): Promise<PlaylistEntryRow[]> {
    const result = await sql<PlaylistEntryRow>`SELECT ${sql.raw(FILE_WITH_AUDIO_COLUMNS)},
        c.collection_id AS entry_collection_id, c.name AS collection_name,
        c.price AS collection_price, c.image_hash AS collection_image_hash,
        CASE WHEN uc.user_id IS NULL THEN 0 ELSE 1 END AS unlocked
      FROM playlist_files pf
      JOIN files f ON f.file_id = pf.file_id
      JOIN audio a ON a.file_id = pf.file_id
      JOIN collections c ON c.collection_id = f.collection_id
      LEFT JOIN unlocked_collections uc
        ON uc.collection_id = c.collection_id AND uc.user_id = ${viewer.userId}
      WHERE pf.playlist_id = ${id} AND ${visibleTo(viewer, 'c')} AND f.missing_since IS NULL
      ORDER BY pf.position, pf.added_at, pf.file_id`.execute(this.db);
    return result.rows;
  }

  /** Which of these files exist in a collection the viewer may see, and whether they are audio. */
  async visibleFiles(
    ids: number[],
    viewer: Caller,
  ): Promise<{ file_id: number; has_audio: number }[]> {
    const result = await sql<{ file_id: number; has_audio: number }>`SELECT f.file_id,
        CASE WHEN a.file_id IS NULL THEN 0 ELSE 1 END AS has_audio
      FROM files f
      JOIN collections c ON c.collection_id = f.collection_id
      LEFT JOIN audio a ON a.file_id = f.file_id
      WHERE f.file_id IN (${sql.join(ids)}) AND ${visibleTo(viewer, 'c')}
        AND f.missing_since IS NULL`.execute(this.db);
    return result.rows.map((r) => ({ file_id: Number(r.file_id), has_audio: Number(r.has_audio) }));
  }

  /** Appends in the given order after the last entry; files already present are left alone. */
  async append(playlistId: number, fileIds: number[]): Promise<void> {
    if (fileIds.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom('playlist_files')
        .select((eb) => eb.fn.max('position').as('last'))
        .where('playlist_id', '=', playlistId)
        .executeTakeFirst();
      const start = last?.last === null || last?.last === undefined ? 0 : Number(last.last) + 1;
      const now = nowIso();
      await trx
        .insertInto('playlist_files')
        .values(
          fileIds.map((fileId, i) => ({
            playlist_id: playlistId,
            file_id: fileId,
            position: start + i,
            added_at: now,
          })),
        )
        // The primary key (playlist, file) makes a concurrent duplicate add a no-op.
        .onConflict((oc) => oc.columns(['playlist_id', 'file_id']).doNothing())
        .execute();
    });
  }

  /** Positions 0..n-1 in the given order, in one transaction (a reader never sees half). */
  async setOrder(playlistId: number, fileIds: number[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const [position, fileId] of fileIds.entries()) {
        await trx
          .updateTable('playlist_files')
          .set({ position })
          .where('playlist_id', '=', playlistId)
          .where('file_id', '=', fileId)
          .execute();
      }
    });
  }

  /** true when the file was in the playlist. */
  async remove(playlistId: number, fileId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('playlist_files')
      .where('playlist_id', '=', playlistId)
      .where('file_id', '=', fileId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The playlist's file ids in collections the caller may see, in playlist order. */
  async visibleFileIds(playlistId: number, caller: Caller): Promise<number[]> {
    const result = await sql<{ file_id: number }>`SELECT pf.file_id FROM playlist_files pf
      JOIN files f ON f.file_id = pf.file_id
      JOIN collections c ON c.collection_id = f.collection_id
      WHERE pf.playlist_id = ${playlistId} AND ${visibleTo(caller, 'c')}
        AND f.missing_since IS NULL
      ORDER BY pf.position, pf.file_id`.execute(this.db);
    return result.rows.map((r) => Number(r.file_id));
  }

  /** When each playlist was made and last had an entry added (Subsonic's created, changed). */
  async dates(playlistIds: readonly number[]): Promise<Map<number, PlaylistDates>> {
    if (playlistIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('playlists as p')
      .leftJoin('playlist_files as pf', 'pf.playlist_id', 'p.playlist_id')
      .select((eb) => ['p.playlist_id', 'p.created_at', eb.fn.max('pf.added_at').as('added')])
      .where('p.playlist_id', 'in', playlistIds)
      .groupBy(['p.playlist_id', 'p.created_at'])
      .execute();
    return new Map(
      rows.map((r) => {
        const added = r.added ?? null;
        const changed = added !== null && added > r.created_at ? added : r.created_at;
        return [Number(r.playlist_id), { created: r.created_at, changed }];
      }),
    );
  }

  async fileIds(playlistId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('playlist_files')
      .select('file_id')
      .where('playlist_id', '=', playlistId)
      .orderBy('position')
      .orderBy('added_at')
      .orderBy('file_id')
      .execute();
    return rows.map((r) => Number(r.file_id));
  }
}
