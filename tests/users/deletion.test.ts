import { describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { addCollection, unlockCollection } from '../helpers/collections';
import {
  adminId,
  errorOf,
  type Member,
  registerMember,
  perFile,
  setUpApp,
  withAliceAndBob,
  userRow,
} from '../helpers/setup';

const s = perFile(async () => withAliceAndBob(await setUpApp()));

/** Everything a member leaves behind: messages, a comment, a purchase with its ledger row. */
async function giveHistory(subject: Member, other: Member): Promise<{ collectionId: number }> {
  const now = new Date().toISOString();
  const collectionId = await addCollection(s.t, `Album of ${subject.userName}`);
  await unlockCollection(s.t, subject.userId, collectionId, now);
  await s.t.db
    .insertInto('direct_messages')
    .values([
      {
        from_user_id: subject.userId,
        to_user_id: other.userId,
        title: 'hi',
        body: 'sent',
        read: 0,
        created_at: now,
      },
      {
        from_user_id: other.userId,
        to_user_id: subject.userId,
        title: 'yo',
        body: 'got',
        read: 0,
        created_at: now,
      },
    ])
    .execute();
  const group = await s.t.db
    .insertInto('comment_groups')
    .values({ created_at: now })
    .returning('comment_group_id')
    .executeTakeFirstOrThrow();
  await s.t.db
    .insertInto('comments')
    .values({
      comment_group_id: group.comment_group_id,
      user_id: subject.userId,
      content: 'nice',
      created_at: now,
    })
    .execute();
  const checkout = await s.t.db
    .insertInto('checkouts')
    .values({
      user_id: subject.userId,
      product_id: null,
      kind: 'topup',
      provider: 'stripe',
      amount: 500,
      status: 'paid',
      created_at: now,
    })
    .returning('checkout_id')
    .executeTakeFirstOrThrow();
  await s.t.db
    .insertInto('ledger')
    .values({
      user_id: subject.userId,
      kind: 'topup',
      product_id: null,
      checkout_id: checkout.checkout_id,
      subscription_id: null,
      provider: 'balance',
      provider_ref: null,
      amount: 500,
      fee: 0,
      seller_id: null,
      seller_net: 0,
      created_at: now,
    })
    .execute();
  return { collectionId };
}

const count = async (table: 'sessions' | 'playlists' | 'unlocked_collections', id: number) =>
  (await s.t.db.selectFrom(table).select('user_id').where('user_id', '=', id).execute()).length;

describe('DELETE /api/user/{id}', () => {
  it('refuses users, anonymous callers, self-deletion here and unknown ids', async () => {
    expect((await s.alice.delete(`/api/user/${s.bob.userId}`)).statusCode).toBe(403);
    expect((await s.alice.delete(`/api/user/${await adminId(s.t)}`)).statusCode).toBe(403);
    expect((await new TestClient(s.t.app).delete(`/api/user/${s.bob.userId}`)).statusCode).toBe(
      401,
    );
    const self = await s.admin.delete(`/api/user/${await adminId(s.t)}`);
    expect(self.statusCode).toBe(403);
    expect(errorOf(self)).toMatch(/password/);
    expect((await s.admin.delete('/api/user/999999')).statusCode).toBe(404);
    expect((await s.admin.delete('/api/user/x')).statusCode).toBe(400);
    expect(await userRow(s.t, s.bob.userId)).toBeDefined();
  });

  it('removes the account with its sessions, playlists and inbox; keeps comments, sent messages and ledger', async () => {
    const carol = await registerMember(s.t, 'carol');
    await giveHistory(carol, s.alice);
    expect(await count('sessions', carol.userId)).toBe(1);
    expect((await s.admin.delete(`/api/user/${carol.userId}`)).statusCode).toBe(200);

    expect(await userRow(s.t, carol.userId)).toBeUndefined();
    expect((await s.admin.get(`/api/user/${carol.userId}`)).statusCode).toBe(404);
    expect((await carol.get('/api/user')).statusCode).toBe(401);
    const login = await new TestClient(s.t.app).post('/api/login', {
      username: 'carol',
      password: 'password-123',
    });
    expect(login.statusCode).toBe(401);
    expect(await count('sessions', carol.userId)).toBe(0);
    expect(await count('playlists', carol.userId)).toBe(0);
    expect(await count('unlocked_collections', carol.userId)).toBe(0);
    const messages = await s.t.db.selectFrom('direct_messages').select('body').execute();
    // What carol sent stays in alice's inbox from a deleted user; what she received is gone.
    expect(messages.map((m) => m.body)).toContain('sent');
    expect(messages.map((m) => m.body)).not.toContain('got');
    const comments = await s.t.db
      .selectFrom('comments')
      .select(['user_id', 'content'])
      .where('content', '=', 'nice')
      .execute();
    expect(comments).toEqual([{ user_id: null, content: 'nice' }]);
    const ledger = await s.t.db
      .selectFrom('ledger')
      .select(['user_id', 'amount', 'checkout_id'])
      .where('amount', '=', 500)
      .execute();
    expect(ledger).toEqual([{ user_id: null, amount: 500, checkout_id: null }]);
  });

  it('lets an admin delete another admin but never the last one', async () => {
    const dave = await registerMember(s.t, 'dave');
    expect((await s.admin.post(`/api/user/${dave.userId}`, { isAdmin: true })).statusCode).toBe(
      200,
    );
    expect((await dave.delete(`/api/user/${await adminId(s.t)}`)).statusCode).toBe(200);
    // Dave is now the only administrator: his own account cannot go.
    const last = await dave.delete('/api/user/me', { body: { password: 'password-123' } });
    expect(last.statusCode).toBe(400);
    expect(errorOf(last)).toMatch(/last administrator/);
    expect(await userRow(s.t, dave.userId)).toBeDefined();
  });
});
