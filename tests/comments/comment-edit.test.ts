import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CollectionWithFilesSchema } from '../../domain/collection';
import { CommentNodeSchema, CommentSchema, type Comment } from '../../domain/comment';
import { type Member, perFile, registerMember, setUpLibrary, withMember } from '../helpers/setup';
import { TestClient } from '../helpers/client';

const c = perFile(async () => withMember(await setUpLibrary()));
let other: Member;
let group: number;

beforeAll(async () => {
  other = await registerMember(c.t, 'other');
  const response = await c.admin.get(`/api/audio_collection/${c.fx.ids.free}`);
  group = CollectionWithFilesSchema.parse(response.json()).collection.commentGroupId!;
});

async function post(client: TestClient, body: string, reply: number | null = null) {
  const response = await client.post('/api/comments', { group, body, reply });
  expect(response.statusCode, response.body).toBe(200);
  return CommentSchema.parse(response.json());
}

const contentOf = async (id: number): Promise<string | undefined> =>
  (
    await c.t.db
      .selectFrom('comments')
      .select('content')
      .where('comment_id', '=', id)
      .executeTakeFirst()
  )?.content;

describe('POST /api/comment/{commentId}', () => {
  it('lets the owner edit; the new text and the edit time are answered and listed', async () => {
    const created = await post(c.user, 'Typo');
    const response = await c.user.post(`/api/comment/${created.commentId}`, {
      content: 'Fixed\nnow',
    });
    expect(response.statusCode, response.body).toBe(200);
    const edited = CommentSchema.parse(response.json());
    expect(edited.commentContent).toBe('Fixed\nnow');
    expect(edited.commentEdited).not.toBeNull();
    const listed = z
      .array(CommentNodeSchema)
      .parse((await c.user.get(`/api/comments/${group}`)).json());
    expect(listed.find((n) => n.commentId === created.commentId)?.commentContent).toBe(
      'Fixed\nnow',
    );
  });

  it('refuses another user with 403 and changes nothing', async () => {
    const created = await post(c.user, 'Mine');
    const response = await other.post(`/api/comment/${created.commentId}`, { content: 'Hijack' });
    expect(response.statusCode).toBe(403);
    expect(await contentOf(created.commentId)).toBe('Mine');
  });

  it("lets an admin edit anyone's comment", async () => {
    const created = await post(c.user, 'Rude');
    const response = await c.admin.post(`/api/comment/${created.commentId}`, {
      content: '[removed]',
    });
    expect(response.statusCode).toBe(200);
    expect(await contentOf(created.commentId)).toBe('[removed]');
  });

  it('refuses 2049 characters with 400; 404 unknown, 400 bad id, 401 anonymous', async () => {
    const created = await post(c.user, 'Short');
    const url = `/api/comment/${created.commentId}`;
    expect((await c.user.post(url, { content: 'x'.repeat(2049) })).statusCode).toBe(400);
    expect((await c.user.post(url, {})).statusCode).toBe(400);
    expect(await contentOf(created.commentId)).toBe('Short');
    expect((await c.user.post('/api/comment/999999', { content: 'x' })).statusCode).toBe(404);
    expect((await c.user.post('/api/comment/abc', { content: 'x' })).statusCode).toBe(400);
    expect((await new TestClient(c.t.app).post(url, { content: 'x' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/comment/{commentId}', () => {
  it('lets the owner delete; the replies go with it', async () => {
    const root = await post(c.user, 'Root');
    const reply = await post(other, 'Reply', root.commentId);
    const nested = await post(c.user, 'Nested', reply.commentId);
    expect((await c.user.delete(`/api/comment/${root.commentId}`)).statusCode).toBe(200);
    for (const id of [root, reply, nested].map((x: Comment) => x.commentId)) {
      expect(await contentOf(id)).toBeUndefined();
    }
  });

  it('refuses another user with 403 and keeps the comment; an admin may delete it', async () => {
    const created = await post(c.user, 'Keep me');
    expect((await other.delete(`/api/comment/${created.commentId}`)).statusCode).toBe(403);
    expect(await contentOf(created.commentId)).toBe('Keep me');
    expect((await c.admin.delete(`/api/comment/${created.commentId}`)).statusCode).toBe(200);
    expect(await contentOf(created.commentId)).toBeUndefined();
  });

  it('answers 404 for unknown, 400 for bad ids and 401 without a session', async () => {
    expect((await c.user.delete('/api/comment/999999')).statusCode).toBe(404);
    expect((await c.user.delete('/api/comment/0')).statusCode).toBe(400);
    expect((await new TestClient(c.t.app).delete('/api/comment/1')).statusCode).toBe(401);
  });
});
