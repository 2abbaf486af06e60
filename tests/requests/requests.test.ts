import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DirectMessageSchema } from '../../domain/message';
import {
  RequestDetailSchema,
  RequestPageSchema,
  RequestSchema,
  type Request,
} from '../../domain/request';
import { TestClient } from '../helpers/client';
import { addCollection } from '../helpers/collections';
import {
  adminId,
  registerMember,
  registerMembers,
  setUpApp,
  type AppSetup,
  type Member,
} from '../helpers/setup';

let c: AppSetup & {
  adminId: number;
  /** Confirmed e-mail, Member role, no request limit. */
  user: Member;
  other: Member;
  /** A visible collection, and one hidden from members. */
  collectionId: number;
  hiddenId: number;
};

beforeAll(async () => {
  const app = await setUpApp();
  const [user, other] = await registerMembers(app.t, ['requester', 'filler'], { confirmed: true });
  // The tests file many requests: these two are unlimited, limits are tested on their own.
  await app.t.db
    .updateTable('users')
    .set({ remaining_requests: null })
    .where('user_id', 'in', [user.userId, other.userId])
    .execute();
  c = {
    ...app,
    adminId: await adminId(app.t),
    user,
    other,
    collectionId: await addCollection(app.t, 'Found Album'),
    hiddenId: await addCollection(app.t, 'Hidden Album', { hidden: true }),
  };
});
afterAll(async () => {
  await c.close();
});

const album = { requestName: 'Lost Tapes', requestArtist: 'Nadia K' };

async function file(client: TestClient, body: object = album): Promise<Request> {
  const response = await client.put('/api/request', body);
  expect(response.statusCode, response.body).toBe(200);
  return RequestSchema.parse(response.json());
}

const remaining = async (client: TestClient): Promise<number | null | undefined> =>
  (await client.get('/api/user')).json<{ user: { remainingRequests?: number | null } }>().user
    .remainingRequests;

describe('PUT /api/request', () => {
  it('files a request with every field and uses one remaining request', async () => {
    const client = await registerMember(c.t, 'counted', { confirmed: true });
    const id = client.userId;
    const before = await remaining(client);
    expect(before).toBe(5);
    const created = await file(client, {
      ...album,
      requestGenre: 'House',
      requestKey: '8A',
      requestBpm: 124,
      requestLabel: 'Copper',
      requestDuration: 185,
      requestReleaseDate: '2024-02-29',
      requestDescription: 'The 12" please',
    });
    expect(Object.keys(created).sort()).toEqual(
      [
        'requestId',
        'requestName',
        'requestArtist',
        'requestGenre',
        'requestKey',
        'requestBpm',
        'requestLabel',
        'requestDuration',
        'requestReleaseDate',
        'requestDescription',
        'requestCreated',
        'requestCollectionId',
        'userId',
        'commentGroupId',
      ].sort(),
    );
    expect(created).toMatchObject({
      requestBpm: 124,
      requestDuration: 185,
      requestReleaseDate: '2024-02-29',
      requestCollectionId: null,
      userId: id,
    });
    expect(await remaining(client)).toBe(4);
  });

  it('refuses a request when none is left, and changes nothing', async () => {
    const client = await registerMember(c.t, 'spent', { confirmed: true });
    const id = client.userId;
    await c.admin.post(`/api/user/${id}`, { remainingRequests: 1 });
    await file(client);
    expect(await remaining(client)).toBe(0);
    const refused = await client.put('/api/request', album);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: string }>().error).toMatch(/no requests left/);
    const mine = await client.get(`/api/request?userId=${id}`);
    expect(RequestPageSchema.parse(mine.json()).total).toBe(1);
  });

  it('does not count for an unlimited user (remainingRequests null)', async () => {
    expect(await remaining(c.user)).toBeNull();
    await file(c.user);
    expect(await remaining(c.user)).toBeNull();
  });

  it('refuses missing names and artists, bad dates, durations and BPM', async () => {
    for (const body of [
      { requestArtist: 'x' },
      { requestName: 'x' },
      { ...album, requestName: '   ' },
      { ...album, requestReleaseDate: '2023-02-29' },
      { ...album, requestDuration: '3:05' },
      { ...album, requestDuration: -5 },
      { ...album, requestBpm: 'fast' },
      { ...album, requestName: 'x'.repeat(201) },
    ]) {
      const response = await c.user.put('/api/request', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ error: string }>().error).toBeTruthy();
    }
  });

  it('refuses anonymous callers, a missing XSRF header and unconfirmed e-mails', async () => {
    expect((await new TestClient(c.t.app).put('/api/request', album)).statusCode).toBe(401);
    expect((await c.user.put('/api/request', album, { noXsrf: true })).statusCode).toBe(403);
    const client = await registerMember(c.t, 'unconfirmed');
    const refused = await client.put('/api/request', album);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: string }>().error).toBe('You need to confirm your email first!');
  });

  it('refuses a role without requests, and everyone but admins while requests are off', async () => {
    const role = await c.admin.put('/api/role', {
      roleName: 'No requests',
      roleEnableRequests: false,
    });
    const client = await registerMember(c.t, 'norequests', { confirmed: true });
    const id = client.userId;
    await c.admin.post(`/api/user/${id}`, { roleId: role.json<{ roleId: number }>().roleId });
    expect((await client.put('/api/request', album)).statusCode).toBe(403);
    expect((await client.get('/api/request')).statusCode).toBe(403);

    expect((await c.admin.post('/api/settings', { enableRequests: false })).statusCode).toBe(200);
    try {
      expect((await c.user.put('/api/request', album)).statusCode).toBe(403);
      expect((await c.admin.get('/api/request')).statusCode).toBe(200);
    } finally {
      await c.admin.post('/api/settings', { enableRequests: true });
    }
  });
});

describe('GET /api/request', () => {
  it('answers total and items newest first, paged, optionally one user only', async () => {
    await file(c.other, { requestName: 'Other one', requestArtist: 'Someone' });
    const all = RequestPageSchema.parse(
      (await c.user.get('/api/request?offset=0&count=50')).json(),
    );
    expect(all.total).toBe(all.items.length);
    expect(all.items[0]?.requestName).toBe('Other one');
    expect(all.items[0]?.userName).toBe('filler');

    const page = RequestPageSchema.parse(
      (await c.user.get('/api/request?offset=1&count=1')).json(),
    );
    expect(page.total).toBe(all.total);
    expect(page.items.map((r) => r.requestId)).toEqual([all.items[1]?.requestId]);

    const own = RequestPageSchema.parse(
      (await c.user.get(`/api/request?userId=${c.user.userId}`)).json(),
    );
    expect(own.items.length).toBeGreaterThan(0);
    expect(own.items.every((r) => r.userId === c.user.userId)).toBe(true);
  });

  it('refuses bad paging and anonymous callers', async () => {
    for (const query of ['offset=-1', 'count=0', 'count=abc', 'userId=x', 'count=100000']) {
      expect((await c.user.get(`/api/request?${query}`)).statusCode, query).toBe(400);
    }
    expect((await new TestClient(c.t.app).get('/api/request')).statusCode).toBe(401);
  });
});

describe('GET /api/request/{id}', () => {
  it('answers the request, its author and who filled it', async () => {
    const created = await file(c.user);
    const detail = RequestDetailSchema.parse(
      (await c.other.get(`/api/request/${created.requestId}`)).json(),
    );
    expect(detail.request).toEqual(created);
    expect(detail.user?.userName).toBe('requester');
    // Another member sees the public profile only.
    expect(detail.user?.userEmail).toBeUndefined();
    expect(detail.filledBy).toBeNull();
  });

  it('answers 404 for an unknown request and 400 for a bad id', async () => {
    expect((await c.user.get('/api/request/999999')).statusCode).toBe(404);
    expect((await c.user.get('/api/request/abc')).statusCode).toBe(400);
  });
});

describe('POST /api/request/{id}', () => {
  it('lets the author edit; fields left out are cleared', async () => {
    const created = await file(c.user, { ...album, requestDuration: 185, requestBpm: 120 });
    const response = await c.user.post(`/api/request/${created.requestId}`, {
      ...album,
      requestName: 'Lost Tapes (edit)',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(RequestSchema.parse(response.json())).toMatchObject({
      requestName: 'Lost Tapes (edit)',
      requestDuration: null,
      requestBpm: null,
    });
  });

  it('refuses other users, lets an administrator edit any', async () => {
    const created = await file(c.user);
    const url = `/api/request/${created.requestId}`;
    const refused = await c.other.post(url, { ...album, requestName: 'Hijacked' });
    expect(refused.statusCode).toBe(403);
    expect((await c.admin.post(url, { ...album, requestName: 'By admin' })).statusCode).toBe(200);
    const detail = RequestDetailSchema.parse((await c.user.get(url)).json());
    expect(detail.request.requestName).toBe('By admin');
  });

  it('refuses bad input and unknown requests', async () => {
    const created = await file(c.user);
    expect(
      (await c.user.post(`/api/request/${created.requestId}`, { requestName: '' })).statusCode,
    ).toBe(400);
    expect((await c.user.post('/api/request/999999', album)).statusCode).toBe(404);
    expect(
      (await new TestClient(c.t.app).post(`/api/request/${created.requestId}`, album)).statusCode,
    ).toBe(401);
  });
});

describe('PUT /api/request/{id} (fill)', () => {
  it('lets any user fill an open request; the author gets a direct message', async () => {
    const created = await file(c.user);
    const url = `/api/request/${created.requestId}`;
    const response = await c.other.put(url, { collectionId: c.collectionId });
    expect(response.statusCode, response.body).toBe(200);
    expect(RequestSchema.parse(response.json()).requestCollectionId).toBe(c.collectionId);

    const detail = RequestDetailSchema.parse((await c.user.get(url)).json());
    expect(detail.request.requestCollectionId).toBe(c.collectionId);
    expect(detail.filledBy?.userId).toBe(c.other.userId);

    const inbox = z.array(DirectMessageSchema).parse((await c.user.get('/api/user/dm')).json());
    const told = inbox.find((dm) => dm.dmTitle.includes('Lost Tapes'));
    expect(told).toMatchObject({ dmFrom: c.other.userId, userName: 'filler', dmRead: false });
    expect(told?.dmBody).toContain(`/collection/${c.collectionId}`);
  });

  it('refuses to fill a filled request again', async () => {
    const created = await file(c.user);
    const url = `/api/request/${created.requestId}`;
    expect((await c.other.put(url, { collectionId: c.collectionId })).statusCode).toBe(200);
    const again = await c.admin.put(url, { collectionId: c.collectionId });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toMatch(/already filled/);
  });

  it('needs a collection that exists and that the filler can see', async () => {
    const created = await file(c.user);
    const url = `/api/request/${created.requestId}`;
    expect((await c.other.put(url, { collectionId: 999999 })).statusCode).toBe(404);
    expect((await c.other.put(url, { collectionId: c.hiddenId })).statusCode).toBe(404);
    expect((await c.other.put(url, { collectionId: 'x' })).statusCode).toBe(400);
    expect((await c.other.put(url, {})).statusCode).toBe(400);
    const detail = RequestDetailSchema.parse((await c.user.get(url)).json());
    expect(detail.request.requestCollectionId).toBeNull();
    // An administrator sees hidden collections, so may fill with one.
    expect((await c.admin.put(url, { collectionId: c.hiddenId })).statusCode).toBe(200);
  });

  it('sends no message when the author fills their own request', async () => {
    const before = (await c.user.get('/api/user/dm')).json<unknown[]>().length;
    const created = await file(c.user);
    expect(
      (await c.user.put(`/api/request/${created.requestId}`, { collectionId: c.collectionId }))
        .statusCode,
    ).toBe(200);
    expect((await c.user.get('/api/user/dm')).json<unknown[]>()).toHaveLength(before);
  });

  it('answers 404 for an unknown request and 401 anonymously', async () => {
    expect(
      (await c.other.put('/api/request/999999', { collectionId: c.collectionId })).statusCode,
    ).toBe(404);
    expect(
      (await new TestClient(c.t.app).put('/api/request/1', { collectionId: 1 })).statusCode,
    ).toBe(401);
  });
});

describe('DELETE /api/request/{id}', () => {
  it('is for administrators; the request and its comments are gone', async () => {
    const created = await file(c.user);
    const url = `/api/request/${created.requestId}`;
    await c.user.post('/api/comments', { group: created.commentGroupId, body: 'hello' });
    expect((await c.user.delete(url)).statusCode).toBe(403);
    expect((await c.other.delete(url)).statusCode).toBe(403);
    expect((await c.admin.delete(url)).statusCode).toBe(200);
    expect((await c.user.get(url)).statusCode).toBe(404);
    expect((await c.admin.get(`/api/comments/${created.commentGroupId}`)).statusCode).toBe(404);
    expect((await c.admin.delete(url)).statusCode).toBe(404);
  });
});

describe('request comments', () => {
  it('are open to whoever may use requests, even without library browsing', async () => {
    const created = await file(c.user);
    const group = created.commentGroupId;
    expect((await c.other.post('/api/comments', { group, body: 'I have it' })).statusCode).toBe(
      200,
    );
    const role = await c.admin.put('/api/role', {
      roleName: 'Requests only',
      roleEnableBrowse: false,
    });
    const client = await registerMember(c.t, 'nobrowse', { confirmed: true });
    const id = client.userId;
    await c.admin.post(`/api/user/${id}`, { roleId: role.json<{ roleId: number }>().roleId });
    const thread = await client.get(`/api/comments/${group}`);
    expect(thread.statusCode, thread.body).toBe(200);
    expect(thread.json<Array<{ commentContent: string }>>()[0]?.commentContent).toBe('I have it');
  });

  it('are closed to a user with an unconfirmed e-mail', async () => {
    const created = await file(c.user);
    const client = await registerMember(c.t, 'unconfirmed2');
    expect((await client.get(`/api/comments/${created.commentGroupId}`)).statusCode).toBe(403);
    expect(
      (await client.post('/api/comments', { group: created.commentGroupId, body: 'x' })).statusCode,
    ).toBe(403);
  });
});

describe('deleted users', () => {
  it('keep their requests, shown as by a deleted user', async () => {
    const client = await registerMember(c.t, 'leaving', { confirmed: true });
    const id = client.userId;
    const created = await file(client);
    expect((await c.admin.delete(`/api/user/${id}`)).statusCode).toBe(200);
    const detail = RequestDetailSchema.parse(
      (await c.user.get(`/api/request/${created.requestId}`)).json(),
    );
    expect(detail.request.userId).toBeNull();
    expect(detail.user).toBeNull();
    const list = RequestPageSchema.parse((await c.user.get('/api/request?count=1000')).json());
    expect(list.items.find((r) => r.requestId === created.requestId)?.userName).toBe(
      'Deleted user',
    );
  });
});
