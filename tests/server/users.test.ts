import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';

interface Pair {
  user: Record<string, unknown> & { userId: number; roleId: number };
  role: { roleId: number; roleName: string };
}

let t: TestApp;
let admin: TestClient;
let alice: TestClient;
let aliceId: number;
let bob: TestClient;
let bobId: number;

beforeEach(async () => {
  t = await createTestApp();
  admin = new TestClient(t.app);
  await admin.login(ADMIN.username, ADMIN.password);
  alice = new TestClient(t.app);
  aliceId = (await alice.register({ username: 'alice' })).json<Pair>().user.userId;
  bob = new TestClient(t.app);
  bob.remoteAddress = '10.0.0.9';
  bobId = (await bob.register({ username: 'bobby' })).json<Pair>().user.userId;
});
afterEach(async () => {
  await t.close();
});

describe('GET /api/user/{id}', () => {
  it('answers the user and their role', async () => {
    const response = await alice.get(`/api/user/${aliceId}`);
    expect(response.statusCode).toBe(200);
    const { user, role } = response.json<Pair>();
    expect(user.userName).toBe('alice');
    expect(role.roleId).toBe(user.roleId);
    expect(user.userEmail).toBe('alice@example.com');
    expect(user.registerIp).toBe('127.0.0.1');
  });

  it('hides the e-mail and addresses from other users', async () => {
    const { user } = (await bob.get(`/api/user/${aliceId}`)).json<Pair>();
    expect(user.userName).toBe('alice');
    expect(user).not.toHaveProperty('userEmail');
    expect(user).not.toHaveProperty('lastLoginIp');
    expect(user).not.toHaveProperty('registerIp');
  });

  it('shows the e-mail to administrators', async () => {
    const { user } = (await admin.get(`/api/user/${aliceId}`)).json<Pair>();
    expect(user.userEmail).toBe('alice@example.com');
  });

  it('refuses anonymous callers and unknown ids', async () => {
    expect((await new TestClient(t.app).get(`/api/user/${aliceId}`)).statusCode).toBe(401);
    const missing = await alice.get('/api/user/99999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ error: string }>().error).toBeTruthy();
    expect((await alice.get('/api/user/abc')).statusCode).toBe(400);
  });
});

describe('POST /api/user/{id}', () => {
  it('lets a user edit their own profile', async () => {
    const response = await alice.post(`/api/user/${aliceId}`, {
      userFullName: 'Alice Liddell',
      userAge: 30,
      userGender: 0.2,
      userCountry: 'GB',
      userSocials: { instagram: 'alice' },
      emailMarketing: true,
    });
    expect(response.statusCode).toBe(200);
    const { user } = (await alice.get('/api/user')).json<Pair>();
    expect(user).toMatchObject({
      userFullName: 'Alice Liddell',
      userAge: 30,
      userGender: 0.2,
      userCountry: 'GB',
      userSocials: { instagram: 'alice' },
      emailMarketing: true,
    });
  });

  it('refuses an age outside 0..128 and a gender outside 0..1', async () => {
    const age = await alice.post(`/api/user/${aliceId}`, { userAge: 129 });
    expect(age.statusCode).toBe(400);
    expect(age.json()).toEqual({ error: 'userAge: userAge must be from 0 to 128' });
    expect((await alice.post(`/api/user/${aliceId}`, { userAge: -1 })).statusCode).toBe(400);
    expect((await alice.post(`/api/user/${aliceId}`, { userGender: 1.5 })).statusCode).toBe(400);
    expect((await alice.post(`/api/user/${aliceId}`, { userAge: 'old' })).statusCode).toBe(400);
  });

  it("refuses to edit someone else's profile and changes nothing", async () => {
    const response = await bob.post(`/api/user/${aliceId}`, { userFullName: 'Hacked' });
    expect(response.statusCode).toBe(403);
    const { user } = (await alice.get('/api/user')).json<Pair>();
    expect(user.userFullName).toBeNull();
  });

  it('refuses administrator fields from a non-administrator and changes nothing', async () => {
    const roles = (await alice.get('/api/role')).json<
      Array<{ roleId: number; roleName: string }>
    >();
    const adminRole = roles.find((r) => r.roleName === 'Administrator');
    for (const body of [
      { userBalance: 99999 },
      { remainingDownloads: 9999 },
      { roleId: adminRole?.roleId },
      { isAdmin: true },
      { emailConfirmed: true },
    ]) {
      const response = await alice.post(`/api/user/${aliceId}`, body);
      expect(response.statusCode).toBe(403);
      expect(response.json<{ error: string }>().error).toMatch(/^Only administrators can change /);
    }
    const { user, role } = (await alice.get('/api/user')).json<Pair>();
    expect(user).toMatchObject({
      userBalance: 0,
      remainingDownloads: 50,
      isAdmin: false,
      emailConfirmed: false,
    });
    expect(role.roleName).toBe('Member');
  });

  it('accepts the whole user sent back unchanged by a non-administrator', async () => {
    const { user } = (await alice.get('/api/user')).json<Pair>();
    const response = await alice.post(`/api/user/${aliceId}`, { ...user, userFullName: 'Al' });
    expect(response.statusCode).toBe(200);
    expect(response.json<Pair>().user.userFullName).toBe('Al');
  });

  it('lets an administrator change limits, balance, e-mail and role', async () => {
    const roles = (await admin.get('/api/role')).json<
      Array<{ roleId: number; roleName: string }>
    >();
    const adminRole = roles.find((r) => r.roleName === 'Administrator');
    const response = await admin.post(`/api/user/${aliceId}`, {
      remainingDownloads: 7,
      remainingRequests: 3,
      remainingInvites: 2,
      userEmail: 'new-alice@example.com',
      emailConfirmed: true,
      roleId: adminRole?.roleId,
      userBalance: 1234,
      roleExpiration: '2030-01-01T00:00:00.000Z',
    });
    expect(response.statusCode).toBe(200);
    const { user, role } = (await alice.get('/api/user')).json<Pair>();
    expect(user).toMatchObject({
      remainingDownloads: 7,
      remainingRequests: 3,
      remainingInvites: 2,
      userEmail: 'new-alice@example.com',
      emailConfirmed: true,
      userBalance: 1234,
      roleExpiration: '2030-01-01T00:00:00.000Z',
    });
    expect(role.roleName).toBe('Administrator');
  });

  it('refuses a role that does not exist and an e-mail another account uses', async () => {
    expect((await admin.post(`/api/user/${aliceId}`, { roleId: 4242 })).statusCode).toBe(400);
    const taken = await admin.post(`/api/user/${aliceId}`, { userEmail: 'BOBBY@example.com' });
    expect(taken.statusCode).toBe(409);
  });
});

describe('POST /api/user/{id}/extra', () => {
  it('saves the favourite genres', async () => {
    const response = await alice.post(`/api/user/${aliceId}/extra`, { genres: ['House', 'Jazz'] });
    expect(response.statusCode).toBe(200);
    const { user } = (await alice.get('/api/user')).json<Pair>();
    expect(user.userExtra).toEqual({ genres: ['House', 'Jazz'] });
  });

  it('refuses other users', async () => {
    expect((await bob.post(`/api/user/${aliceId}/extra`, { genres: ['Rock'] })).statusCode).toBe(
      403,
    );
  });
});

describe('GET /api/user/dm/unread', () => {
  it('counts the unread direct messages to me', async () => {
    const now = new Date().toISOString();
    const dm = {
      from_user_id: bobId,
      to_user_id: aliceId,
      title: 'hi',
      body: 'hello',
      created_at: now,
    };
    await t.db
      .insertInto('direct_messages')
      .values([
        { ...dm, read: 0 },
        { ...dm, read: 0 },
        { ...dm, read: 1 },
        { ...dm, to_user_id: bobId, read: 0 },
      ])
      .execute();
    const response = await alice.get('/api/user/dm/unread');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: 2 });
  });

  it('refuses anonymous callers', async () => {
    expect((await new TestClient(t.app).get('/api/user/dm/unread')).statusCode).toBe(401);
  });
});

describe('GET /api/role', () => {
  it('lists the roles to signed-in users', async () => {
    const response = await alice.get('/api/role');
    expect(response.statusCode).toBe(200);
    const roles = response.json<Array<Record<string, unknown>>>();
    expect(roles.map((r) => r.roleName)).toEqual(['Member', 'Administrator']);
    expect(roles[0]).toMatchObject({
      roleEnableBrowse: true,
      roleCanUpload: false,
      roleDownloadLimit: 50,
      roleRequestLimit: 5,
      roleSpeedLimit: null,
      roleBlacklistedTags: [],
    });
    expect(roles[1]).toMatchObject({ roleVip: true, roleDownloadLimit: null });
  });

  it('refuses anonymous callers', async () => {
    expect((await new TestClient(t.app).get('/api/role')).statusCode).toBe(401);
  });
});

describe('PUT, POST and DELETE /api/role', () => {
  it('lets an administrator create, edit and delete a role', async () => {
    const created = await admin.put('/api/role', {
      roleName: 'VIP',
      roleVip: true,
      roleDownloadLimit: 500,
    });
    expect(created.statusCode).toBe(200);
    const role = created.json<{ roleId: number; roleVip: boolean; roleEnableBrowse: boolean }>();
    expect(role).toMatchObject({ roleVip: true, roleEnableBrowse: true });
    const edited = await admin.post(`/api/role/${role.roleId}`, { roleSpeedLimit: 128000 });
    expect(edited.json()).toMatchObject({ roleSpeedLimit: 128000, roleName: 'VIP' });
    expect((await admin.delete(`/api/role/${role.roleId}`)).statusCode).toBe(200);
    expect((await admin.get('/api/role')).json<unknown[]>()).toHaveLength(2);
  });

  it('refuses to delete the default role', async () => {
    const settings = (await admin.get('/api/settings')).json<{ defaultRoleId: number }>();
    expect((await admin.delete(`/api/role/${settings.defaultRoleId}`)).statusCode).toBe(400);
  });

  it('refuses non-administrators', async () => {
    expect((await alice.put('/api/role', { roleName: 'Mine' })).statusCode).toBe(403);
    expect((await alice.post('/api/role/1', { roleVip: true })).statusCode).toBe(403);
    expect((await alice.delete('/api/role/1')).statusCode).toBe(403);
  });
});
