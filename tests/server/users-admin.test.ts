import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';

interface Pair {
  user: { userId: number; userName: string; remainingInvites: number; isBanned: boolean };
}

let t: TestApp;
let admin: TestClient;
let alice: TestClient;
let aliceId: number;

beforeEach(async () => {
  t = await createTestApp();
  admin = new TestClient(t.app);
  await admin.login(ADMIN.username, ADMIN.password);
  alice = new TestClient(t.app);
  alice.remoteAddress = '10.0.0.5';
  aliceId = (await alice.register({ username: 'alice' })).json<Pair>().user.userId;
});
afterEach(async () => {
  await t.close();
});

describe('GET /api/invite', () => {
  it('spends one remaining invite on a code that lets someone register once', async () => {
    await admin.post(`/api/user/${aliceId}`, { remainingInvites: 1 });
    await admin.post('/api/settings', { registrations: 'inviteOnly' });
    const response = await alice.get('/api/invite');
    expect(response.statusCode).toBe(200);
    const { inviteCode } = response.json<{ inviteCode: string }>();
    expect(inviteCode).toBeTruthy();
    expect((await alice.get('/api/user')).json<Pair>().user.remainingInvites).toBe(0);
    expect((await alice.get('/api/invite')).statusCode).toBe(403);

    const friend = new TestClient(t.app);
    expect((await friend.register({ username: 'friend', invite: inviteCode })).statusCode).toBe(
      200,
    );
  });

  it('refuses anonymous callers', async () => {
    expect((await new TestClient(t.app).get('/api/invite')).statusCode).toBe(401);
  });
});

describe('PUT /api/user/{id}/ban and /unban', () => {
  it('bans a user, who is signed out and cannot log in, until unbanned', async () => {
    expect((await admin.put(`/api/user/${aliceId}/ban`)).statusCode).toBe(200);
    expect((await alice.get('/api/user')).statusCode).toBe(401);
    const login = await alice.post('/api/login', { username: 'alice', password: 'password-123' });
    expect(login.statusCode).toBe(403);
    expect((await admin.get(`/api/user/${aliceId}`)).json<Pair>().user.isBanned).toBe(true);

    expect((await admin.put(`/api/user/${aliceId}/unban`)).statusCode).toBe(200);
    await alice.login('alice', 'password-123');
    expect((await alice.get('/api/user')).statusCode).toBe(200);
  });

  it('refuses non-administrators', async () => {
    const adminId = (await admin.get('/api/user')).json<Pair>().user.userId;
    expect((await alice.put(`/api/user/${adminId}/ban`)).statusCode).toBe(403);
  });
});

describe('PUT /api/ban_ip and DELETE /api/ban_ip/{ip}', () => {
  it('refuses calls from a banned address until it is unbanned', async () => {
    expect((await admin.put('/api/ban_ip', { ip: '10.0.0.5' })).statusCode).toBe(200);
    expect((await alice.get('/api/user')).statusCode).toBe(403);
    expect((await admin.delete('/api/ban_ip/10.0.0.5')).statusCode).toBe(200);
    expect((await alice.get('/api/user')).statusCode).toBe(200);
  });

  it('refuses a malformed address and non-administrators', async () => {
    expect((await admin.put('/api/ban_ip', { ip: 'drop table' })).statusCode).toBe(400);
    expect((await alice.put('/api/ban_ip', { ip: '10.0.0.7' })).statusCode).toBe(403);
  });
});

describe('DELETE /api/user/{id}', () => {
  it('deletes the account: it cannot be fetched or used to log in', async () => {
    expect((await admin.delete(`/api/user/${aliceId}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/user/${aliceId}`)).statusCode).toBe(404);
    const login = await new TestClient(t.app).post('/api/login', {
      username: 'alice',
      password: 'password-123',
    });
    expect(login.statusCode).toBe(401);
  });

  it('refuses non-administrators', async () => {
    const adminId = (await admin.get('/api/user')).json<Pair>().user.userId;
    expect((await alice.delete(`/api/user/${adminId}`)).statusCode).toBe(403);
  });
});

describe('GET /api/user/search', () => {
  it('finds users by name and pages them', async () => {
    for (const name of ['bravo', 'charlie']) {
      const c = new TestClient(t.app);
      c.remoteAddress = `10.0.1.${name.length}`;
      await c.register({ username: name });
    }
    const found = (await admin.get('/api/user/search?query=adm')).json<{
      count: number;
      users: Array<{ userName: string }>;
    }>();
    expect(found.count).toBeGreaterThanOrEqual(1);
    expect(found.users.map((u) => u.userName)).toContain('admin');

    const sorted = (
      await admin.get('/api/user/search?sort=userName&descending=true&limit=2')
    ).json<{ count: number; users: Array<{ userName: string }> }>();
    expect(sorted.count).toBe(4);
    expect(sorted.users.map((u) => u.userName)).toEqual(['charlie', 'bravo']);
  });

  it('matches LIKE wildcards literally', async () => {
    const none = (await admin.get('/api/user/search?query=%25')).json<{ count: number }>();
    expect(none.count).toBe(0);
  });

  it('refuses non-administrators', async () => {
    expect((await alice.get('/api/user/search?query=a')).statusCode).toBe(403);
  });
});
