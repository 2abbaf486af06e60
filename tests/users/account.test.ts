import { describe, expect, it } from 'vitest';
import { UnlockedPageSchema } from '../../domain/account';
import { TestClient } from '../helpers/client';
import { addCollection, unlockCollection } from '../helpers/collections';
import { errorOf, perFile, setUpApp, withAliceAndBob, userRow } from '../helpers/setup';

const s = perFile(async () => withAliceAndBob(await setUpApp()));

describe('POST /api/user/password', () => {
  it('changes the password, ends the other sessions and keeps this one', async () => {
    const other = new TestClient(s.t.app);
    other.remoteAddress = s.alice.remoteAddress;
    await other.login('alice', 'password-123');
    const response = await s.alice.post('/api/user/password', {
      currentPassword: 'password-123',
      newPassword: 'brand-new-password',
    });
    expect(response.statusCode).toBe(200);
    expect((await s.alice.get('/api/user')).statusCode).toBe(200);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    const old = await new TestClient(s.t.app).post('/api/login', {
      username: 'alice',
      password: 'password-123',
    });
    expect(old.statusCode).toBe(401);
    await new TestClient(s.t.app).login('alice', 'brand-new-password');
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const before = await userRow(s.t, s.bob.userId);
    const response = await s.bob.post('/api/user/password', {
      currentPassword: 'not-my-password',
      newPassword: 'whatever-password',
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toMatch(/current password/);
    expect(await userRow(s.t, s.bob.userId)).toEqual(before);
  });

  it.each([
    [{ newPassword: 'x-new-password' }, /currentPassword/],
    [{ currentPassword: 'password-123' }, /newPassword/],
    [{ currentPassword: 'password-123', newPassword: '' }, /newPassword/],
    [{ currentPassword: 'password-123', newPassword: 42 }, /newPassword/],
    [{ currentPassword: 'password-123', newPassword: 'x'.repeat(300) }, /newPassword/],
  ])('refuses %j', async (body, message) => {
    const before = await userRow(s.t, s.bob.userId);
    const response = await s.bob.post('/api/user/password', body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatch(message);
    expect(await userRow(s.t, s.bob.userId)).toEqual(before);
  });

  it('refuses anonymous callers', async () => {
    const response = await new TestClient(s.t.app).post('/api/user/password', {
      currentPassword: 'a',
      newPassword: 'b',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/user/{id}/unlocked', () => {
  it('pages the unlocked collections newest first, then answers an empty page', async () => {
    const first = await addCollection(s.t, 'First');
    const second = await addCollection(s.t, 'Second');
    await unlockCollection(s.t, s.bob.userId, first, '2026-01-01T00:00:00.000Z');
    await unlockCollection(s.t, s.bob.userId, second, '2026-02-01T00:00:00.000Z');
    const page = await s.bob.get(`/api/user/${s.bob.userId}/unlocked?offset=0&limit=100`);
    expect(page.statusCode).toBe(200);
    const cards = UnlockedPageSchema.parse(page.json());
    expect(cards.map((c) => c.collectionName)).toEqual(['Second', 'First']);
    expect(cards.every((c) => c.unlockedCollectionUserId === s.bob.userId)).toBe(true);
    const one = UnlockedPageSchema.parse(
      (await s.bob.get(`/api/user/${s.bob.userId}/unlocked?offset=1&limit=1`)).json(),
    );
    expect(one.map((c) => c.collectionName)).toEqual(['First']);
    const empty = await s.bob.get(`/api/user/${s.bob.userId}/unlocked?offset=2`);
    expect(empty.json()).toEqual([]);
  });

  it('hides hidden collections from the user, not from an admin', async () => {
    const hidden = await addCollection(s.t, 'Hidden', { hidden: true });
    await unlockCollection(s.t, s.bob.userId, hidden, '2026-03-01T00:00:00.000Z');
    const own = UnlockedPageSchema.parse(
      (await s.bob.get(`/api/user/${s.bob.userId}/unlocked`)).json(),
    );
    expect(own.map((c) => c.collectionName)).not.toContain('Hidden');
    const seen = UnlockedPageSchema.parse(
      (await s.admin.get(`/api/user/${s.bob.userId}/unlocked`)).json(),
    );
    expect(seen.map((c) => c.collectionName)).toEqual(['Hidden', 'Second', 'First']);
  });

  it('refuses other users, anonymous callers, unknown users and bad pages', async () => {
    const other = await s.alice.get(`/api/user/${s.bob.userId}/unlocked`);
    expect(other.statusCode).toBe(403);
    expect(
      (await new TestClient(s.t.app).get(`/api/user/${s.bob.userId}/unlocked`)).statusCode,
    ).toBe(401);
    expect((await s.admin.get('/api/user/999999/unlocked')).statusCode).toBe(404);
    for (const query of ['limit=101', 'limit=0', 'offset=-1', 'offset=abc']) {
      const response = await s.bob.get(`/api/user/${s.bob.userId}/unlocked?${query}`);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatch(/limit|offset/);
    }
  });
});

describe('GET /api/invite', () => {
  it('spends one remaining invite; with none left it refuses', async () => {
    await s.admin.post(`/api/user/${s.bob.userId}`, { remainingInvites: 1 });
    const response = await s.bob.get('/api/invite');
    expect(response.statusCode).toBe(200);
    expect(response.json<{ inviteCode: string }>().inviteCode).toMatch(/\S{8,}/);
    expect((await userRow(s.t, s.bob.userId))!.remaining_invites).toBe(0);
    const again = await s.bob.get('/api/invite');
    expect(again.statusCode).toBe(403);
    expect(errorOf(again)).toMatch(/no invites/);
    expect((await new TestClient(s.t.app).get('/api/invite')).statusCode).toBe(401);
  });
  it('answers a code that lets someone register while registrations are invite only', async () => {
    await s.admin.post(`/api/user/${s.alice.userId}`, { remainingInvites: 1 });
    const { inviteCode } = (await s.alice.get('/api/invite')).json<{ inviteCode: string }>();
    expect((await s.admin.post('/api/settings', { registrations: 'inviteOnly' })).statusCode).toBe(
      200,
    );
    try {
      const friend = await new TestClient(s.t.app).register({
        username: 'friend',
        invite: inviteCode,
      });
      expect(friend.statusCode, friend.body).toBe(200);
    } finally {
      await s.admin.post('/api/settings', { registrations: 'open' });
    }
  });
});

describe('DELETE /api/user/me', () => {
  it('refuses a wrong or missing password and changes nothing', async () => {
    const wrong = await s.bob.delete('/api/user/me', { body: { password: 'nope-nope' } });
    expect(wrong.statusCode).toBe(403);
    const missing = await s.bob.delete('/api/user/me', { body: {} });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toMatch(/password/);
    expect(await userRow(s.t, s.bob.userId)).toBeDefined();
    expect((await s.bob.get('/api/user')).statusCode).toBe(200);
  });

  it('refuses anonymous callers', async () => {
    const response = await new TestClient(s.t.app).delete('/api/user/me', {
      body: { password: 'x' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('deletes the account at once and signs this browser out', async () => {
    const response = await s.bob.delete('/api/user/me', {
      body: { password: 'password-123' },
    });
    expect(response.statusCode).toBe(200);
    expect(await userRow(s.t, s.bob.userId)).toBeUndefined();
    expect((await s.bob.get('/api/user')).statusCode).toBe(401);
    const unlocks = await s.t.db
      .selectFrom('unlocked_collections')
      .select('user_id')
      .where('user_id', '=', s.bob.userId)
      .execute();
    expect(unlocks).toEqual([]);
  });
});
