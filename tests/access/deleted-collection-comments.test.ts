import { describe, expect, it } from 'vitest';
import { CollectionWithFilesSchema } from '../../domain/collection';
import { access } from '../../server/db/migrations/0005-access';
import { nowIso } from '../../server/db/database';
import { perFile, setUpLibrary, withMember } from '../helpers/setup';

const c = perFile(async () => withMember(await setUpLibrary()));

const groupOf = async (collectionId: number): Promise<number> => {
  const response = await c.admin.get(`/api/audio_collection/${collectionId}`);
  const id = CollectionWithFilesSchema.parse(response.json()).collection.commentGroupId;
  if (id === null) throw new Error('collection without a comment group');
  return id;
};

/** A thread with a reply, so replies are seen to go too (the admin can also reach hidden groups). */
async function discuss(group: number): Promise<void> {
  const first = await c.admin.post('/api/comments', { group, body: 'Great record', reply: null });
  expect(first.statusCode, first.body).toBe(200);
  const reply = first.json<{ commentId: number }>().commentId;
  const second = await c.admin.post('/api/comments', { group, body: 'Thanks', reply });
  expect(second.statusCode, second.body).toBe(200);
}

const stored = async (group: number) => ({
  groups: (
    await c.t.db
      .selectFrom('comment_groups')
      .select('comment_group_id')
      .where('comment_group_id', '=', group)
      .execute()
  ).length,
  comments: (
    await c.t.db
      .selectFrom('comments')
      .select('comment_id')
      .where('comment_group_id', '=', group)
      .execute()
  ).length,
});

async function expectGone(group: number): Promise<void> {
  expect(await stored(group)).toEqual({ groups: 0, comments: 0 });
  for (const client of [c.user, c.admin]) {
    const read = await client.get(`/api/comments/${group}`);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ error: 'Comment group not found' });
    const posted = await client.post('/api/comments', { group, body: 'Anyone?', reply: null });
    expect(posted.statusCode).toBe(404);
  }
}

describe('DELETE /downloader/collection/{id}', () => {
  it('deletes the comment group and its comments with the collection', async () => {
    const group = await groupOf(c.fx.ids.single);
    await discuss(group);
    expect(await stored(group)).toEqual({ groups: 1, comments: 2 });
    const deleted = await c.admin.delete(`/downloader/collection/${c.fx.ids.single}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectGone(group);
  });
});

describe('DELETE /downloader/collection/bulk', () => {
  it('deletes the comment groups and comments of every collection deleted', async () => {
    const groups = [await groupOf(c.fx.ids.paid), await groupOf(c.fx.ids.hidden)];
    for (const group of groups) await discuss(group);
    const deleted = await c.admin.request('DELETE', '/downloader/collection/bulk', {
      body: { ids: [c.fx.ids.paid, c.fx.ids.hidden] },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const group of groups) await expectGone(group);
  });
});

describe('a comment group no collection owns', () => {
  it('answers 404 to everyone, administrators included', async () => {
    const group = await c.t.db
      .insertInto('comment_groups')
      .values({ created_at: nowIso() })
      .returning('comment_group_id')
      .executeTakeFirstOrThrow();
    const id = group.comment_group_id;
    expect((await c.user.get(`/api/comments/${id}`)).statusCode).toBe(404);
    expect((await c.admin.get(`/api/comments/${id}`)).statusCode).toBe(404);
    const posted = await c.user.post('/api/comments', { group: id, body: 'Hello?', reply: null });
    expect(posted.statusCode).toBe(404);
    expect(await stored(id)).toEqual({ groups: 1, comments: 0 });
  });

  it('is removed with its comments by migration 0005-access, owned groups kept', async () => {
    const orphan = await c.t.db
      .insertInto('comment_groups')
      .values({ created_at: nowIso() })
      .returning('comment_group_id')
      .executeTakeFirstOrThrow();
    const id = orphan.comment_group_id;
    await c.t.db
      .insertInto('comments')
      .values({
        comment_group_id: id,
        user_id: c.user.userId,
        reply_to: null,
        content: 'left over',
        created_at: nowIso(),
      })
      .execute();
    const owned = await groupOf(c.fx.ids.free);
    await discuss(owned);
    await access().up(c.t.db);
    expect(await stored(id)).toEqual({ groups: 0, comments: 0 });
    expect(await stored(owned)).toEqual({ groups: 1, comments: 2 });
  });
});
