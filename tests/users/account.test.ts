import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnlockedPageSchema } from '../../domain/account';
import { TestClient } from '../helpers/client';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  adminClient,
  collection,
  errorOf,
  member,
  unlock,
  userRow,
  type Member,
} from './users-test-setup';

let t: TestApp;
let admin: TestClient;
let alice: Member;
let bob: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
  alice = await member(t, 'alice');
  bob = await member(t, 'bobby');
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/user/password', () => {
  it('changes the password, ends the other sessions and keeps this one', async () => {
    const other = new TestClient(t.app);
    other.remoteAddress = alice.client.remoteAddress;
    await other.login('alice', 'password-123');
    const response = await alice.client.post('/api/user/password', {
      currentPassword: 'password-123',
      newPassword: 'brand-new-password',
    });
    expect(response.statusCode).toBe(200);
    expect((await alice.client.get('/api/user')).statusCode).toBe(200);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    const old = await new TestClient(t.app).post('/api/login', {
      username: 'alice',
      password: 'password-123',
    });
    expect(old.statusCode).toBe(401);
    await new TestClient(t.app).login('alice', 'brand-new-password');
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const before = await userRow(t, bob.id);
    const response = await bob.client.post('/api/user/password', {
      currentPassword: 'not-my-password',
      newPassword: 'whatever-password',
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toMatch(/current password/);
    expect(await userRow(t, bob.id)).toEqual(before);
  });

  it.each([
    [{ newPassword: 'x-new-password' }, /currentPassword/],
    [{ currentPassword: 'password-123' }, /newPassword/],
    [{ currentPassword: 'password-123', newPassword: '' }, /newPassword/],
    [{ currentPassword: 'password-123', newPassword: 42 }, /newPassword/],
    [{ currentPassword: 'password-123', newPassword: 'x'.repeat(300) }, /newPassword/],
  ])('refuses %j', async (body, message) => {
    const before = await userRow(t, bob.id);
    const response = await bob.client.post('/api/user/password', body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatch(message);
    expect(await userRow(t, bob.id)).toEqual(before);
  });

  it('refuses anonymous callers', async () => {
    const response = await new TestClient(t.app).post('/api/user/password', {
      currentPassword: 'a',
      newPassword: 'b',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/user/{id}/unlocked', () => {
  it('pages the unlocked collections newest first, then answers an empty page', async () => {
    const first = await collection(t, 'First');
    const second = await collection(t, 'Second');
    await unlock(t, bob.id, first, '2026-01-01T00:00:00.000Z');
    await unlock(t, bob.id, second, '2026-02-01T00:00:00.000Z');
    const page = await bob.client.get(`/api/user/${bob.id}/unlocked?offset=0&limit=100`);
    expect(page.statusCode).toBe(200);
    const cards = UnlockedPageSchema.parse(page.json());
    expect(cards.map((c) => c.collectionName)).toEqual(['Second', 'First']);
    expect(cards.every((c) => c.unlockedCollectionUserId === bob.id)).toBe(true);
    const one = UnlockedPageSchema.parse(
      (await bob.client.get(`/api/user/${bob.id}/unlocked?offset=1&limit=1`)).json(),
    );
    expect(one.map((c) => c.collectionName)).toEqual(['First']);
    const empty = await bob.client.get(`/api/user/${bob.id}/unlocked?offset=2`);
    expect(empty.json()).toEqual([]);
  });

  it('hides hidden collections from the user, not from an admin', async () => {
    const hidden = await collection(t, 'Hidden', true);
    await unlock(t, bob.id, hidden, '2026-03-01T00:00:00.000Z');
    const own = UnlockedPageSchema.parse(
      (await bob.client.get(`/api/user/${bob.id}/unlocked`)).json(),
    );
    expect(own.map((c) => c.collectionName)).not.toContain('Hidden');
    const seen = UnlockedPageSchema.parse((await admin.get(`/api/user/${bob.id}/unlocked`)).json());
    expect(seen.map((c) => c.collectionName)).toEqual(['Hidden', 'Second', 'First']);
  });

  it('refuses other users, anonymous callers, unknown users and bad pages', async () => {
    const other = await alice.client.get(`/api/user/${bob.id}/unlocked`);
    expect(other.statusCode).toBe(403);
    expect((await new TestClient(t.app).get(`/api/user/${bob.id}/unlocked`)).statusCode).toBe(401);
    expect((await admin.get('/api/user/999999/unlocked')).statusCode).toBe(404);
    for (const query of ['limit=101', 'limit=0', 'offset=-1', 'offset=abc']) {
      const response = await bob.client.get(`/api/user/${bob.id}/unlocked?${query}`);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatch(/limit|offset/);
    }
  });
});

describe('GET /api/invite', () => {
  it('spends one remaining invite; with none left it refuses', async () => {
    await admin.post(`/api/user/${bob.id}`, { remainingInvites: 1 });
    const response = await bob.client.get('/api/invite');
    expect(response.statusCode).toBe(200);
    expect(response.json<{ inviteCode: string }>().inviteCode).toMatch(/\S{8,}/);
    expect((await userRow(t, bob.id))!.remaining_invites).toBe(0);
    const again = await bob.client.get('/api/invite');
    expect(again.statusCode).toBe(403);
    expect(errorOf(again)).toMatch(/no invites/);
    expect((await new TestClient(t.app).get('/api/invite')).statusCode).toBe(401);
  });
});

describe('DELETE /api/user/me', () => {
  it('refuses a wrong or missing password and changes nothing', async () => {
    const wrong = await bob.client.delete('/api/user/me', { body: { password: 'nope-nope' } });
    expect(wrong.statusCode).toBe(403);
    const missing = await bob.client.delete('/api/user/me', { body: {} });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toMatch(/password/);
    expect(await userRow(t, bob.id)).toBeDefined();
    expect((await bob.client.get('/api/user')).statusCode).toBe(200);
  });

  it('refuses anonymous callers', async () => {
    const response = await new TestClient(t.app).delete('/api/user/me', {
      body: { password: 'x' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('deletes the account at once and signs this browser out', async () => {
    const response = await bob.client.delete('/api/user/me', {
      body: { password: 'password-123' },
    });
    expect(response.statusCode).toBe(200);
    expect(await userRow(t, bob.id)).toBeUndefined();
    expect((await bob.client.get('/api/user')).statusCode).toBe(401);
    const unlocks = await t.db
      .selectFrom('unlocked_collections')
      .select('user_id')
      .where('user_id', '=', bob.id)
      .execute();
    expect(unlocks).toEqual([]);
  });
});
