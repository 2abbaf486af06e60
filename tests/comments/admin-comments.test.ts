import { beforeAll, describe, expect, it } from 'vitest';
import { AdminCommentPageSchema, CommentSchema } from '../../domain/comment';
import { RequestSchema } from '../../domain/request';
import { TestClient } from '../helpers/client';
import { addCollection } from '../helpers/collections';
import { type Member, perFile, registerMembers, setUpApp } from '../helpers/setup';

const c = perFile(() => setUpApp());
let user: Member;
let other: Member;
let collectionId: number;

beforeAll(async () => {
  [user, other] = await registerMembers(c.t, ['commenter', 'other'], { confirmed: true });
  collectionId = await addCollection(c.t, 'Found Album');
});

const page = async (query: string) => {
  const response = await c.admin.get(`/api/comments?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return AdminCommentPageSchema.parse(response.json());
};

describe('GET /api/comments (admin)', () => {
  it('lists comments newest first with the request or collection they were posted under, paged', async () => {
    const created = RequestSchema.parse(
      (await user.put('/api/request', { requestName: 'Wanted', requestArtist: 'A' })).json(),
    );
    const { comment_group_id: collectionGroup } = await c.t.db
      .selectFrom('collections')
      .select('comment_group_id')
      .where('collection_id', '=', collectionId)
      .executeTakeFirstOrThrow();
    const onCollection = await user.post('/api/comments', {
      group: collectionGroup,
      body: 'on the album',
    });
    expect(onCollection.statusCode, onCollection.body).toBe(200);
    const onRequest = await other.post('/api/comments', {
      group: created.commentGroupId,
      body: 'on the request',
    });
    expect(onRequest.statusCode, onRequest.body).toBe(200);

    const first = await page('limit=100&offset=0');
    expect(first.total).toBe(2);
    expect(first.items[0]).toMatchObject({
      commentId: CommentSchema.parse(onRequest.json()).commentId,
      commentContent: 'on the request',
      requestId: created.requestId,
      requestName: 'Wanted',
      collectionId: null,
    });
    expect(first.items[1]).toMatchObject({
      commentContent: 'on the album',
      collectionId,
      collectionName: 'Found Album',
      requestId: null,
    });
    expect((await page('limit=1&offset=0')).items).toHaveLength(1);
    const next = await page('limit=1&offset=1');
    expect(next.items.map((item) => item.commentContent)).toEqual(['on the album']);
  });

  it('refuses anonymous callers with 401, members with 403 and bad paging with 400', async () => {
    for (const query of ['', '?limit=100']) {
      expect((await new TestClient(c.t.app).get(`/api/comments${query}`)).statusCode).toBe(401);
      expect((await user.get(`/api/comments${query}`)).statusCode).toBe(403);
    }
    for (const query of ['limit=0', 'limit=101', 'offset=-1']) {
      expect((await c.admin.get(`/api/comments?${query}`)).statusCode).toBe(400);
    }
  });
});
