import { nowIso, type Db } from '../../db/database';
import { insertCommentGroup } from '../comments/comments.repository';
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

/** Newest first, optionally one user's only. */
export async function listRequests(
  db: Db,
  page: { offset: number; count: number; userId?: number | undefined },
): Promise<{ total: number; rows: RequestListRow[] }> {
  let base = db.selectFrom('requests as r');
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

export const findRequest = (db: Db, requestId: number): Promise<RequestRow | undefined> =>
  db.selectFrom('requests').selectAll().where('request_id', '=', requestId).executeTakeFirst();

/**
 * Files a request with its own comment group. When `takeOne` is set, one of the user's
 * remaining requests is used in the same transaction; undefined when none is left.
 */
export function insertRequest(
  db: Db,
  userId: number,
  values: RequestValues,
  takeOne: boolean,
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
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
    const commentGroupId = await insertCommentGroup(trx, now);
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

export async function updateRequest(
  db: Db,
  requestId: number,
  values: RequestValues,
): Promise<void> {
  await db
    .updateTable('requests')
    .set(columns(values))
    .where('request_id', '=', requestId)
    .execute();
}

/** Only an open request is filled: of two fills at once, exactly one wins. */
export async function fillRequest(
  db: Db,
  requestId: number,
  collectionId: number,
  filledBy: number,
): Promise<boolean> {
  const result = await db
    .updateTable('requests')
    .set({ collection_id: collectionId, filled_by: filledBy, filled_at: nowIso() })
    .where('request_id', '=', requestId)
    .where('collection_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The request goes with its comment group and the comments in it. */
export async function deleteRequest(db: Db, requestId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('requests')
      .where('request_id', '=', requestId)
      .returning('comment_group_id')
      .executeTakeFirst();
    if (row === undefined) return false;
    await trx.deleteFrom('comments').where('comment_group_id', '=', row.comment_group_id).execute();
    await trx
      .deleteFrom('comment_groups')
      .where('comment_group_id', '=', row.comment_group_id)
      .execute();
    return true;
  });
}

/** What the fill needs to know of a collection: that it exists and whether the filler sees it. */
export const findCollectionForFill = (
  db: Db,
  collectionId: number,
): Promise<{ hidden: number; tags: string } | undefined> =>
  db
    .selectFrom('collections')
    .select(['hidden', 'tags'])
    .where('collection_id', '=', collectionId)
    .executeTakeFirst();
