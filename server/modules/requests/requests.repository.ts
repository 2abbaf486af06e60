import { nowIso, type Db } from '../../db/database';
import { withExecutor } from '../../db/with-executor';
import type { CommentsRepository } from '../comments';
import type { RequestRow } from '../../db/request-tables';
import type { RequestValues } from '../../../domain/request';

export type RequestListRow = RequestRow & { user_name: string | null };

const columns = (values: RequestValues) => ({
  name: values.requestName,
  artist: values.requestArtist,
  genre: values.requestGenre,
  music_key: values.requestKey,
  bpm: values.requestBpm,
  label: values.requestLabel,
  duration: values.requestDuration,
  release_date: values.requestReleaseDate,
  description: values.requestDescription,
});

export class RequestsRepository {
  constructor(
    private readonly db: Db,
    /** Comment groups are the comments module's rows (handed in by server/root). */
    private readonly comments: CommentsRepository,
  ) {}

  /** Newest first, optionally one user's only. */
  async listRequests(page: {
    offset: number;
    count: number;
    userId?: number | undefined;
  }): Promise<{ total: number; rows: RequestListRow[] }> {
    let base = this.db.selectFrom('requests as r');
    if (page.userId !== undefined) base = base.where('r.user_id', '=', page.userId);
    const total = await base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
    const rows = await base
      .leftJoin('users as u', 'u.user_id', 'r.user_id')
      .selectAll('r')
      .select('u.user_name')
      .orderBy('r.created_at', 'desc')
      .orderBy('r.request_id', 'desc')
      .limit(page.count)
      .offset(page.offset)
      .execute();
    return { total: Number(total.count), rows };
  }

  findRequest(requestId: number): Promise<RequestRow | undefined> {
    return this.db
      .selectFrom('requests')
      .selectAll()
      .where('request_id', '=', requestId)
      .executeTakeFirst();
  }

  /**
   * Files a request with its own comment group. When `takeOne` is set, one of the user's
   * remaining requests is used in the same transaction; undefined when none is left.
   */
  insertRequest(
    userId: number,
    values: RequestValues,
    takeOne: boolean,
  ): Promise<number | undefined> {
    return this.db.transaction().execute(async (trx) => {
      if (takeOne) {
        const taken = await trx
          .updateTable('users')
          .set((eb) => ({ remaining_requests: eb('remaining_requests', '-', 1) }))
          .where('user_id', '=', userId)
          .where('remaining_requests', '>', 0)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) return undefined;
      }
      const now = nowIso();
      const commentGroupId = await withExecutor(this.comments, trx).insertGroup(now);
      const row = await trx
        .insertInto('requests')
        .values({
          ...columns(values),
          created_at: now,
          user_id: userId,
          comment_group_id: commentGroupId,
        })
        .returning('request_id')
        .executeTakeFirstOrThrow();
      return Number(row.request_id);
    });
  }

  async updateRequest(requestId: number, values: RequestValues): Promise<void> {
    await this.db
      .updateTable('requests')
      .set(columns(values))
      .where('request_id', '=', requestId)
      .execute();
  }

  /** Only an open request is filled: of two fills at once, exactly one wins. */
  async fillRequest(requestId: number, collectionId: number, filledBy: number): Promise<boolean> {
    const result = await this.db
      .updateTable('requests')
      .set({ collection_id: collectionId, filled_by: filledBy, filled_at: nowIso() })
      .where('request_id', '=', requestId)
      .where('collection_id', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The request goes with its comment group and the comments in it. */
  async deleteRequest(requestId: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom('requests')
        .where('request_id', '=', requestId)
        .returning('comment_group_id')
        .executeTakeFirst();
      if (row === undefined) return false;
      await trx
        .deleteFrom('comments')
        .where('comment_group_id', '=', row.comment_group_id)
        .execute();
      await trx
        .deleteFrom('comment_groups')
        .where('comment_group_id', '=', row.comment_group_id)
        .execute();
      return true;
    });
  }

  /** What the fill needs to know of a collection: that it exists and whether the filler sees it. */
  findCollectionForFill(
    collectionId: number,
  ): Promise<{ hidden: number; tags: string; library_id: number | null } | undefined> {
    return this.db
      .selectFrom('collections')
      .select(['hidden', 'tags', 'library_id'])
      .where('collection_id', '=', collectionId)
      .executeTakeFirst();
  }
}
