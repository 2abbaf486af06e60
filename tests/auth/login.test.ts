import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const sessionCount = async (): Promise<number> =>
  Number(
    (
      await t.db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/login', () => {
  it('signs the admin in and answers the user with the role', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/login', ADMIN);
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      user: { userName: string; isAdmin: boolean };
      role: { roleName: string };
    }>();
    expect(body.user.userName).toBe('admin');
    expect(body.user.isAdmin).toBe(true);
    expect(body.role.roleName).toBe('Administrator');
    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json<{ user: { userName: string } }>().user.userName).toBe('admin');
  });

  it('sets an httpOnly, SameSite=Lax session cookie and stores only its hash', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/login', ADMIN);
    const cookie = response.cookies.find((c) => c.name === 'session');
    expect(cookie).toBeDefined();
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    expect(cookie?.maxAge).toBe(30 * 24 * 60 * 60);
    const rows = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toBe(cookie?.value);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('marks the cookie Secure when the request came over HTTPS', async () => {
    const secure = await t.rebuild({ config: { ...t.config, trustProxy: true } });
    const client = new TestClient(secure);
    const response = await client.post('/api/login', ADMIN, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.cookies.find((c) => c.name === 'session')?.secure).toBe(true);
  });

  it('accepts the e-mail address instead of the user name, in any case', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/login', {
      username: 'ADMIN@localhost',
      password: ADMIN.password,
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a wrong password and changes nothing', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/login', { username: 'admin', password: 'wrong' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Invalid username or password' });
    expect(response.cookies.find((c) => c.name === 'session')).toBeUndefined();
    expect(await sessionCount()).toBe(0);
    expect((await client.get('/api/user')).statusCode).toBe(401);
    const admin = await t.db
      .selectFrom('users')
      .select('last_login_time')
      .executeTakeFirstOrThrow();
    expect(admin.last_login_time).toBeNull();
  });

  it('answers an unknown user with the same text as a wrong password', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/login', { username: 'nobody', password: 'x' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Invalid username or password' });
  });

  it('refuses a missing field or a wrong type with a message naming the field', async () => {
    const client = new TestClient(t.app);
    const missing = await client.post('/api/login', { username: 'admin' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ error: string }>().error).toMatch(/^password: /);
    const wrongType = await client.post('/api/login', { username: 12, password: 'x' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json<{ error: string }>().error).toMatch(/^username: /);
  });

  it('stores passwords as argon2id hashes', async () => {
    const row = await t.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
  });

  it('rotates the session token on every login', async () => {
    const client = new TestClient(t.app);
    await client.login(ADMIN.username, ADMIN.password);
    const first = client.cookies.get('session');
    await client.login(ADMIN.username, ADMIN.password);
    const second = client.cookies.get('session');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(await sessionCount()).toBe(1);
    const stale = new TestClient(t.app);
    stale.cookies.set('session', first ?? '');
    expect((await stale.get('/api/user')).statusCode).toBe(401);
  });

  it('records the login time and address', async () => {
    const client = new TestClient(t.app);
    await client.login(ADMIN.username, ADMIN.password);
    const me = (await client.get('/api/user')).json<{
      user: { lastLoginIp: string; lastLoginTime: string };
    }>();
    expect(me.user.lastLoginIp).toBe('127.0.0.1');
    expect(Date.parse(me.user.lastLoginTime)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses a banned account', async () => {
    await t.db.updateTable('users').set({ is_banned: 1 }).execute();
    const client = new TestClient(t.app);
    const response = await client.post('/api/login', ADMIN);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'This account is banned' });
  });

  it('treats a signed-in user who gets banned as signed out', async () => {
    const client = new TestClient(t.app);
    await client.login(ADMIN.username, ADMIN.password);
    await t.db.updateTable('users').set({ is_banned: 1 }).execute();
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });
});

describe('POST /api/login rate limits', () => {
  it('answers 429 with Retry-After after too many attempts from one address', async () => {
    const app = await t.rebuild({ rateLimits: { loginPerIp: { max: 3, windowMs: 60_000 } } });
    const client = new TestClient(app);
    for (let i = 0; i < 3; i++) {
      expect(
        (await client.post('/api/login', { username: 'admin', password: 'bad' })).statusCode,
      ).toBe(401);
    }
    const limited = await client.post('/api/login', ADMIN);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ error: string }>().error).toMatch(
      /^Too many attempts, please try again in \d+ minutes?$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('locks an account name after too many failures, from any address', async () => {
    const app = await t.rebuild({
      rateLimits: { loginFailuresPerAccount: { max: 2, windowMs: 15 * 60_000 } },
    });
    const client = new TestClient(app);
    for (const ip of ['10.0.0.1', '10.0.0.2']) {
      const r = await client.post(
        '/api/login',
        { username: 'admin', password: 'bad' },
        { remoteAddress: ip },
      );
      expect(r.statusCode).toBe(401);
    }
    const limited = await client.post('/api/login', ADMIN, { remoteAddress: '10.0.0.3' });
    expect(limited.statusCode).toBe(429);
  });
});

describe('GET /api/user', () => {
  it('refuses a request without a session', async () => {
    const response = await new TestClient(t.app).get('/api/user');
    expect(response.statusCode).toBe(401);
    expect(response.json<{ error: string }>().error).toBeTruthy();
  });

  it('answers every user field the client needs, with the e-mail for oneself', async () => {
    const client = new TestClient(t.app);
    await client.login(ADMIN.username, ADMIN.password);
    const { user, role } = (await client.get('/api/user')).json<{
      user: Record<string, unknown>;
      role: Record<string, unknown>;
    }>();
    for (const key of [
      'userId',
      'userName',
      'isAdmin',
      'emailConfirmed',
      'remainingDownloads',
      'remainingRequests',
      'userBalance',
      'roleExpiration',
      'likedPlaylist',
      'userExtra',
      'userEmail',
      'userGender',
    ]) {
      expect(user).toHaveProperty(key);
    }
    expect(user.userExtra).toEqual({ genres: [] });
    expect(user.userGender).toBe(0.5);
    expect(user.userEmail).toBe('admin@localhost');
    expect(typeof user.likedPlaylist).toBe('number');
    expect(role.roleId).toBe(user.roleId);
    expect(user).not.toHaveProperty('password_hash');
    expect(user).not.toHaveProperty('passwordHash');
  });

  it('keeps the session across a server restart', async () => {
    const client = new TestClient(t.app);
    await client.login(ADMIN.username, ADMIN.password);
    await t.app.close();
    client.app = await t.rebuild();
    expect((await client.get('/api/user')).statusCode).toBe(200);
  });

  it('rejects an expired session', async () => {
    const client = new TestClient(t.app);
    await client.login(ADMIN.username, ADMIN.password);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });
});

describe('GET /api/logout', () => {
  it('deletes the session row and clears the cookie', async () => {
    const client = new TestClient(t.app);
    await client.login(ADMIN.username, ADMIN.password);
    const token = client.cookies.get('session');
    const response = await client.get('/api/logout');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await sessionCount()).toBe(0);
    expect(client.cookies.has('session')).toBe(false);
    const replay = new TestClient(t.app);
    replay.cookies.set('session', token ?? '');
    expect((await replay.get('/api/user')).statusCode).toBe(401);
  });

  it('answers ok without a session', async () => {
    const response = await new TestClient(t.app).get('/api/logout');
    expect(response.statusCode).toBe(200);
  });
});

describe('XSRF protection', () => {
  it('sets a readable XSRF-TOKEN cookie on the first response', async () => {
    const response = await new TestClient(t.app).get('/api/settings/public');
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Lax');
  });

  it('refuses a state change without the header and changes nothing', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/login', ADMIN, { noXsrf: true });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'Missing or invalid XSRF token' });
    expect(await sessionCount()).toBe(0);
  });

  it('refuses a header that does not match the cookie', async () => {
    const client = new TestClient(t.app);
    await client.login(ADMIN.username, ADMIN.password);
    const response = await client.post(
      '/api/settings',
      { randomizedPlaylistsCount: 9 },
      { headers: { 'x-xsrf-token': 'A'.repeat(43) } },
    );
    expect(response.statusCode).toBe(403);
    const settings = (await client.get('/api/settings')).json<{
      randomizedPlaylistsCount: number;
    }>();
    expect(settings.randomizedPlaylistsCount).toBe(5);
  });

  it('refuses a request without any XSRF cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: ADMIN,
      headers: { 'x-xsrf-token': 'A'.repeat(43) },
    });
    expect(response.statusCode).toBe(403);
  });
});
