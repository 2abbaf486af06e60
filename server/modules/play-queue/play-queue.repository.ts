import { sql } from 'kysely';
import type { Caller } from '../../access/caller';
import { visibleTo, type Visibility } from '../../access/collections';
import { parseJson, type Db } from '../../db/database';
import { FILE_WITH_AUDIO_COLUMNS } from '../catalogue';
import type { PlaylistEntryRow } from '../playlists';

export interface PlayQueueRow {
  fileIds: number[];
  currentFileId: number | null;
  positionMs: number;
  changedAt: string;
  changedBy: string;
}

/** One saved play queue per user (Subsonic savePlayQueue). */
export class PlayQueueRepository {
  constructor(private readonly db: Db) {}

  async find(userId: number): Promise<PlayQueueRow | undefined> {
    const row = await this.db
      .selectFrom('play_queues')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    return {
      fileIds: parseJson<unknown[]>(row.entries, []).map(Number).filter(Number.isInteger),
      currentFileId: row.current_file_id === null ? null : Number(row.current_file_id),
      positionMs: Number(row.position_ms),
      changedAt: row.changed_at,
      changedBy: row.changed_by,
    };
  }

  async save(userId: number, queue: PlayQueueRow): Promise<void> {
    const values = {
      entries: JSON.stringify(queue.fileIds),
      current_file_id: queue.currentFileId,
      position_ms: queue.positionMs,
      changed_at: queue.changedAt,
      changed_by: queue.changedBy,
    };
    await this.db
      .insertInto('play_queues')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  }

  async clear(userId: number): Promise<void> {
    await this.db.deleteFrom('play_queues').where('user_id', '=', userId).execute();
  }

  /** Which of these files are audio in collections the viewer may see. */
  async visibleAudio(fileIds: number[], viewer: Visibility): Promise<Set<number>> {
    if (fileIds.length === 0) return new Set();
    const result = await sql<{ file_id: number }>`SELECT f.file_id FROM files f
      JOIN audio a ON a.file_id = f.file_id
      JOIN collections c ON c.collection_id = f.collection_id
      WHERE f.file_id IN (${sql.join(fileIds)}) AND ${visibleTo(viewer, 'c')}
        AND f.missing_since IS NULL`.execute(this.db);
    return new Set(result.rows.map((r) => Number(r.file_id)));
  }

  /** The files as playlist entries (the player's shape), those the viewer may see, any order. */
  async entries(fileIds: number[], viewer: Caller): Promise<PlaylistEntryRow[]> {
    if (fileIds.length === 0) return [];
    const result = await sql<PlaylistEntryRow>`SELECT ${sql.raw(FILE_WITH_AUDIO_COLUMNS)},
        c.collection_id AS entry_collection_id, c.name AS collection_name,
        c.price AS collection_price, c.image_hash AS collection_image_hash,
        CASE WHEN uc.user_id IS NULL THEN 0 ELSE 1 END AS unlocked
      FROM files f
      JOIN audio a ON a.file_id = f.file_id
      JOIN collections c ON c.collection_id = f.collection_id
      LEFT JOIN unlocked_collections uc
        ON uc.collection_id = c.collection_id AND uc.user_id = ${viewer.userId}
      WHERE f.file_id IN (${sql.join(fileIds)}) AND ${visibleTo(viewer, 'c')}
        AND f.missing_since IS NULL`.execute(this.db);
    return result.rows;
  }
}
