import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CollectionWithFilesSchema } from '../../domain/collection';
import { CommentNodeSchema, CommentSchema, type Comment } from '../../domain/comment';
import {
  type Member,
  memberWithApiRole,
  perFile,
  registerMember,
  setUpLibrary,
  withMember,
} from '../helpers/setup';
import { TestClient } from '../helpers/client';

const c = perFile(async () => withMember(await setUpLibrary()));
let other: Member;
let group: number;
let hiddenGroup: number;
let otherGroup: number;

const groupOf = async (collectionId: number): Promise<number> => {
  const response = await c.admin.get(`/api/audio_collection/${collectionId}`);
  const id = CollectionWithFilesSchema.parse(response.json()).collection.commentGroupId;
  if (id === null) throw new Error('collection without a comment group');
  return id;
};

beforeAll(async () => {
  other = await registerMember(c.t, 'other');
  group = await groupOf(c.fx.ids.free);
  otherGroup = await groupOf(c.fx.ids.single);
  hiddenGroup = await groupOf(c.fx.ids.hidden);
});

async function post(
  client: TestClient,
  body: string,
  reply: number | null = null,
  to = group,
): Promise<Comment> {
  const response = await client.post('/api/comments', { group: to, body, reply });
  expect(response.statusCode, response.body).toBe(200);
  return CommentSchema.parse(response.json());
}

const thread = async (client: TestClient = c.user, to = group) => {
  const response = await client.get(`/api/comments/${to}`);
  expect(response.statusCode, response.body).toBe(200);
  return z.array(CommentNodeSchema).parse(response.json());
};

const countStored = async () =>
  Number(
    (
      await c.t.db
        .selectFrom('comments')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/comments', () => {
  it('adds a comment with the spec fields; it is then listed', async () => {
    const created = await post(c.user, 'First line\nsecond line\twith a tab');
    expect(created).toMatchObject({
      userId: c.user.userId,
      userName: 'member',
      commentContent: 'First line\nsecond line\twith a tab',
      commentGroupId: group,
      commentReply: null,
      commentEdited: null,
    });
    expect(Date.parse(created.commentAdded)).not.toBeNaN();
    expect((await thread()).map((n) => n.commentId)).toContain(created.commentId);
  });

  it('accepts 2048 characters and refuses 2049 with 400, storing nothing', async () => {
    await post(c.user, 'x'.repeat(2048));
    const before = await countStored();
    const response = await c.user.post('/api/comments', { group, body: 'x'.repeat(2049) });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/2048/);
    expect(await countStored()).toBe(before);
  });

  it('stores markup as plain text and refuses control characters', async () => {
    const markup = await post(c.user, '<b>bold</b> & <script>x</script>');
    expect(markup.commentContent).toBe('<b>bold</b> & <script>x</script>');
    const response = await c.user.post('/api/comments', { group, body: 'bell\u0007' });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a reply to a comment of another group with 400', async () => {
    const elsewhere = await post(c.user, 'On another release', null, otherGroup);
    const before = await countStored();
    const response = await c.user.post('/api/comments', {
      group,
      body: 'Reply',
      reply: elsewhere.commentId,
    });
    expect(response.statusCode).toBe(400);
    expect(
      (await c.user.post('/api/comments', { group, body: 'R', reply: 999999 })).statusCode,
    ).toBe(400);
    expect(await countStored()).toBe(before);
  });

  it('refuses bad input with 400, unknown or hidden groups with 404, no session with 401', async () => {
    for (const body of [{}, { group, body: '' }, { group: 'x', body: 'hi' }, { body: 'hi' }]) {
      expect((await c.user.post('/api/comments', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await c.user.post('/api/comments', { group: 999999, body: 'hi' })).statusCode).toBe(
      404,
    );
    expect(
      (await c.user.post('/api/comments', { group: hiddenGroup, body: 'hi' })).statusCode,
    ).toBe(404);
    const anonymous = new TestClient(c.t.app);
    expect((await anonymous.post('/api/comments', { group, body: 'hi' })).statusCode).toBe(401);
  });
});

describe('GET /api/comments/{groupId}', () => {
  it('nests replies under their parent by commentReply', async () => {
    const root = await post(c.user, 'Root', null, otherGroup);
    const reply = await post(other, 'Reply', root.commentId, otherGroup);
    const deeper = await post(c.user, 'Deeper', reply.commentId, otherGroup);
    const tree = await thread(c.user, otherGroup);
    const node = tree.find((n) => n.commentId === root.commentId)!;
    expect(node.replies.map((n) => [n.commentId, n.userName])).toEqual([
      [reply.commentId, 'other'],
    ]);
    expect(node.replies[0]!.replies.map((n) => n.commentId)).toEqual([deeper.commentId]);
    expect(tree.some((n) => n.commentId === reply.commentId)).toBe(false);
  });

  it('answers 404 for a hidden collection’s group to users, not to admins', async () => {
    expect((await c.user.get(`/api/comments/${hiddenGroup}`)).statusCode).toBe(404);
    expect((await c.admin.get(`/api/comments/${hiddenGroup}`)).statusCode).toBe(200);
  });

  it('answers 403 to a role without roleEnableBrowse', async () => {
    const blind = await memberWithApiRole(c, 'blind', { roleEnableBrowse: false });
    expect((await blind.get(`/api/comments/${group}`)).statusCode).toBe(403);
  });

  it('answers 404 for unknown, 400 for bad ids and 401 without a session', async () => {
    expect((await c.user.get('/api/comments/999999')).statusCode).toBe(404);
    expect((await c.user.get('/api/comments/abc')).statusCode).toBe(400);
    expect((await new TestClient(c.t.app).get(`/api/comments/${group}`)).statusCode).toBe(401);
  });
});
