import type { Caller } from '../../access/caller';
import { visibleTo } from '../../access/collections';
import type { Db } from '../../db/database';

export interface FileBookmarkRow {
  file_id: number;
  position_ms: number;
  comment: string | null;
  updated_at: string;
  title: string;
  album: string;
  collection_id: number;
  /** Seconds. */
  duration: number;
}

/** Each user's position in library files (migration 0029); episodes keep theirs in podcasts. */
export class BookmarksRepository {
  constructor(private readonly db: Db) {}

  async save(
    userId: number,
    fileId: number,
    positionMs: number,
    comment: string | null,
    now: string,
  ): Promise<void> {
    const set = { position_ms: positionMs, comment, updated_at: now };
    await this.db
      .insertInto('bookmarks')
      .values({ user_id: userId, file_id: fileId, created_at: now, ...set })
      .onConflict((oc) => oc.columns(['user_id', 'file_id']).doUpdateSet(set))
      .execute();
  }

  async delete(userId: number, fileId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('bookmarks')
      .where('user_id', '=', userId)
      .where('file_id', '=', fileId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The caller's bookmarks of files they may still see, newest first. */
  list(caller: Caller, limit: number): Promise<FileBookmarkRow[]> {
    return this.db
      .selectFrom('bookmarks as b')
      .innerJoin('files as f', 'f.file_id', 'b.file_id')
      .innerJoin('audio as a', 'a.file_id', 'f.file_id')
      .innerJoin('collections as c', 'c.collection_id', 'f.collection_id')
      .select([
        'b.file_id',
        'b.position_ms',
        'b.comment',
        'b.updated_at',
        'a.title',
        'c.name as album',
        'c.collection_id',
        'a.duration',
      ])
      .where('b.user_id', '=', caller.userId)
      .where('f.missing_since', 'is', null)
      .where(visibleTo(caller, 'c'))
      .orderBy('b.updated_at', 'desc')
      .limit(limit)
      .execute();
  }
}
