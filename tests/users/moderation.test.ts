import { describe, expect, it } from 'vitest';
import { UserSearchResultSchema } from '../../domain/user';
import { TestClient } from '../helpers/client';
import { ADMIN } from '../helpers/test-app';
import { adminId, errorOf, perFile, setUpApp, withAliceAndBob, userRow } from '../helpers/setup';

const s = perFile(async () => withAliceAndBob(await setUpApp()));

describe('PUT /api/user/{id}/ban and /unban', () => {
  it('ends every session of the banned user at once and refuses sign-in until unbanned', async () => {
    const second = new TestClient(s.t.app);
    second.remoteAddress = s.alice.remoteAddress;
    await second.login('alice', 'password-123');
    expect((await s.admin.put(`/api/user/${s.alice.userId}/ban`)).statusCode).toBe(200);
    expect((await userRow(s.t, s.alice.userId))!.is_banned).toBe(1);
    const seen = (await s.admin.get(`/api/user/${s.alice.userId}`)).json<{
      user: { isBanned: boolean };
    }>();
    expect(seen.user.isBanned).toBe(true);
    expect((await s.alice.get('/api/user')).statusCode).toBe(401);
    expect((await second.get('/api/user')).statusCode).toBe(401);
    const sessions = await s.t.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', s.alice.userId)
      .execute();
    expect(sessions).toEqual([]);
    const login = await s.alice.post('/api/login', {
      username: 'alice',
      password: 'password-123',
    });
    expect(login.statusCode).toBe(403);
    expect(errorOf(login)).toMatch(/banned/);

    expect((await s.admin.put(`/api/user/${s.alice.userId}/unban`)).statusCode).toBe(200);
    expect((await userRow(s.t, s.alice.userId))!.is_banned).toBe(0);
    await s.alice.login('alice', 'password-123');
  });

  it('refuses users (banning anyone, an admin included), anonymous callers and changes nothing', async () => {
    const me = await adminId(s.t);
    for (const target of [s.bob.userId, me]) {
      expect((await s.alice.put(`/api/user/${target}/ban`)).statusCode).toBe(403);
    }
    expect((await new TestClient(s.t.app).put(`/api/user/${s.bob.userId}/ban`)).statusCode).toBe(
      401,
    );
    expect((await userRow(s.t, s.bob.userId))!.is_banned).toBe(0);
    expect((await userRow(s.t, me))!.is_banned).toBe(0);
  });

  it('refuses a self-ban, unknown users and bad ids', async () => {
    const self = await s.admin.put(`/api/user/${await adminId(s.t)}/ban`);
    expect(self.statusCode).toBe(400);
    expect(errorOf(self)).toMatch(/yourself/);
    expect((await s.admin.put('/api/user/999999/ban')).statusCode).toBe(404);
    expect((await s.admin.put('/api/user/-1/unban')).statusCode).toBe(400);
  });
});

describe('PUT /api/ban_ip and DELETE /api/ban_ip/{ip}', () => {
  it('refuses every call from a banned address until it is unbanned', async () => {
    const ip = s.bob.remoteAddress!;
    expect((await s.admin.put('/api/ban_ip', { ip })).statusCode).toBe(200);
    const refused = await s.bob.get('/api/user');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatch(/address is banned/);
    expect((await s.admin.delete(`/api/ban_ip/${ip}`)).statusCode).toBe(200);
    expect((await s.bob.get('/api/user')).statusCode).toBe(200);
  });

  it('bans and unbans IPv6 addresses', async () => {
    expect((await s.admin.put('/api/ban_ip', { ip: '2001:DB8::1' })).statusCode).toBe(200);
    expect((await s.admin.delete('/api/ban_ip/2001:db8::1')).statusCode).toBe(200);
  });

  it.each([
    '',
    'drop table',
    'localhost',
    '1.2.3',
    '999.1.1.1',
    '1.2.3.4/24',
    '::g',
    'a'.repeat(70),
  ])('refuses %j, which is not an address', async (ip) => {
    const response = await s.admin.put('/api/ban_ip', { ip });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatch(/ip/);
  });

  it('unbans an address that is not banned as a no-op; refuses a missing ip and users', async () => {
    expect((await s.admin.put('/api/ban_ip', {})).statusCode).toBe(400);
    expect((await s.admin.delete('/api/ban_ip/10.9.9.9')).statusCode).toBe(200);
    expect((await s.admin.delete('/api/ban_ip/not-an-ip')).statusCode).toBe(400);
    expect((await s.alice.put('/api/ban_ip', { ip: '10.9.9.8' })).statusCode).toBe(403);
    expect((await s.alice.delete('/api/ban_ip/10.9.9.8')).statusCode).toBe(403);
    expect(await s.t.db.selectFrom('banned_ips').selectAll().execute()).toEqual([]);
  });
});

describe('GET /api/user/search', () => {
  it('finds by name or e-mail and counts', async () => {
    const response = await s.admin.get('/api/user/search?query=adm');
    expect(response.statusCode).toBe(200);
    const body = UserSearchResultSchema.parse(response.json());
    expect(body.count).toBeGreaterThanOrEqual(1);
    expect(body.users.map((u) => u.userName)).toContain(ADMIN.username);
  });

  it('sorts, reverses and pages', async () => {
    const all = UserSearchResultSchema.parse(
      (await s.admin.get('/api/user/search?sort=userName&descending=true&limit=50')).json(),
    );
    const names = all.users.map((u) => u.userName.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
    const second = UserSearchResultSchema.parse(
      (await s.admin.get('/api/user/search?sort=userName&descending=true&limit=1&offset=1')).json(),
    );
    expect(second.count).toBe(all.count);
    expect(second.users.map((u) => u.userName.toLowerCase())).toEqual([names[1]]);
  });

  it('matches LIKE wildcards literally', async () => {
    const none = UserSearchResultSchema.parse(
      (await s.admin.get('/api/user/search?query=%25')).json(),
    );
    expect(none.count).toBe(0);
  });

  it('refuses bad sorts and limits, users and anonymous callers', async () => {
    expect((await s.admin.get('/api/user/search?sort=password')).statusCode).toBe(400);
    expect((await s.admin.get('/api/user/search?limit=1000')).statusCode).toBe(400);
    expect((await s.admin.get('/api/user/search?offset=-1')).statusCode).toBe(400);
    expect((await s.alice.get('/api/user/search')).statusCode).toBe(403);
    expect((await new TestClient(s.t.app).get('/api/user/search')).statusCode).toBe(401);
  });
});
