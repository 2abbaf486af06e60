import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminCommentPageSchema } from '../../domain/comment';
import { RequestSchema } from '../../domain/request';
import { TestClient } from '../helpers/client';
import { setUpRequests, type RequestsTestContext } from './requests-test-setup';

let c: RequestsTestContext;

beforeAll(async () => {
  c = await setUpRequests();
});
afterAll(async () => {
  await c.t.close();
});

describe('GET /api/comments (admin)', () => {
  it('lists comments newest first with the request or collection they were posted under', async () => {
    const created = RequestSchema.parse(
      (await c.user.put('/api/request', { requestName: 'Wanted', requestArtist: 'A' })).json(),
    );
    const collectionGroup = await c.t.db
      .selectFrom('collections')
      .select('comment_group_id')
      .where('collection_id', '=', c.collectionId)
      .executeTakeFirstOrThrow();
    const onCollection = await c.user.post('/api/comments', {
      group: collectionGroup.comment_group_id,
      body: 'on the album',
    });
    expect(onCollection.statusCode, onCollection.body).toBe(200);
    const onRequest = await c.other.post('/api/comments', {
      group: created.commentGroupId,
      body: 'on the request',
    });
    expect(onRequest.statusCode, onRequest.body).toBe(200);

    const response = await c.admin.get('/api/comments?limit=100&offset=0');
    expect(response.statusCode, response.body).toBe(200);
    const page = AdminCommentPageSchema.parse(response.json());
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({
      commentContent: 'on the request',
      requestId: created.requestId,
      requestName: 'Wanted',
      collectionId: null,
    });
    expect(page.items[1]).toMatchObject({
      commentContent: 'on the album',
      collectionId: c.collectionId,
      collectionName: 'Found Album',
      requestId: null,
    });
    const next = AdminCommentPageSchema.parse(
      (await c.admin.get('/api/comments?limit=1&offset=1')).json(),
    );
    expect(next.items.map((item) => item.commentContent)).toEqual(['on the album']);
  });

  it('is for administrators only and checks its paging', async () => {
    expect((await new TestClient(c.t.app).get('/api/comments?limit=100')).statusCode).toBe(401);
    expect((await c.user.get('/api/comments?limit=100')).statusCode).toBe(403);
    expect((await c.admin.get('/api/comments?limit=101')).statusCode).toBe(400);
    expect((await c.admin.get('/api/comments?offset=-1')).statusCode).toBe(400);
  });
});
