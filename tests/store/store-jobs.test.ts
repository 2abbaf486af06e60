import { describe, expect, it } from 'vitest';
import { buildRepositories } from '../../server/root/repositories';
import { runStoreJobs } from '../../server/jobs/store-jobs';
import { settleDormantBalances } from '../../server/payments/expiry';
import type { MailMessage } from '../../server/mail/mailer';
import { buyer, ledgerOf, storeSetup, userRow } from './store-helpers';
import { perFile } from '../helpers/setup';

const s = perFile(() => storeSetup());
const dormant = () => buildRepositories(s.t.db, s.t.config.database.kind).dormant;

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

describe('role expiry', () => {
  it('puts a user whose bought role ran out back on the default role at the next request', async () => {
    const user = await buyer(s.t);
    const defaultRoleId = (await s.admin.get('/api/settings')).json<{ defaultRoleId: number }>()
      .defaultRoleId;
    await s.t.db
      .updateTable('users')
      .set({ role_expiration: daysAgo(1) })
      .where('user_id', '=', user.userId)
      .execute();
    const me = (await user.get('/api/user')).json<{
      user: { roleId: number; roleExpiration: string | null };
    }>();
    expect(me.user).toMatchObject({ roleId: defaultRoleId, roleExpiration: null });
    expect((await userRow(s.t, user.userId)).role_id).toBe(defaultRoleId);
  });

  it('the daily job does the same for users who do not come back, and leaves live roles alone', async () => {
    const gone = await buyer(s.t);
    const live = await buyer(s.t);
    await s.t.db
      .updateTable('users')
      .set({ role_expiration: daysAgo(2) })
      .where('user_id', '=', gone.userId)
      .execute();
    const future = new Date(Date.now() + 5 * DAY).toISOString();
    await s.t.db
      .updateTable('users')
      .set({ role_expiration: future })
      .where('user_id', '=', live.userId)
      .execute();
    const { SettingsService } = await import('../../server/modules/settings/settings.service');
    const { expireAllRoles } = await import('../../server/payments/expiry');
    expect(
      await expireAllRoles(
        dormant(),
        new SettingsService(s.t.db, buildRepositories(s.t.db, 'sqlite')),
        new Date(),
      ),
    ).toBeGreaterThanOrEqual(1);
    expect((await userRow(s.t, gone.userId)).role_id).not.toBe(gone.roleId);
    expect(await userRow(s.t, live.userId)).toMatchObject({
      role_id: live.roleId,
      role_expiration: future,
    });
  });
});

describe('dormant balance', () => {
  it('sends a notice 30 days before, then takes the balance once with a ledger row', async () => {
    const sent: MailMessage[] = [];
    const mailer = {
      send: (m: MailMessage) => (sent.push(m), Promise.resolve(true)),
      close: () => undefined,
    };
    const user = await buyer(s.t, 1234);
    const active = await buyer(s.t, 999);
    await s.t.db
      .updateTable('users')
      .set({ balance_changed_at: daysAgo(155) })
      .where('user_id', '=', user.userId)
      .execute();
    await s.t.db
      .updateTable('users')
      .set({ balance_changed_at: daysAgo(10) })
      .where('user_id', '=', active.userId)
      .execute();

    const now = new Date();
    await settleDormantBalances(dormant(), mailer, 'http://musicbox.test', now);
    await settleDormantBalances(dormant(), mailer, 'http://musicbox.test', now);
    const { email } = await userRow(s.t, user.userId);
    const toUser = sent.filter((m) => m.to === email);
    expect(toUser).toHaveLength(1);
    expect(toUser[0]?.text).toContain('12.34 EUR');
    expect((await userRow(s.t, user.userId)).balance).toBe(1234);

    // 180 days untouched but warned only 10 days ago: not yet.
    await s.t.db
      .updateTable('users')
      .set({ balance_changed_at: daysAgo(185), dormant_notice_at: daysAgo(10) })
      .where('user_id', '=', user.userId)
      .execute();
    await settleDormantBalances(dormant(), mailer, 'http://musicbox.test', now);
    expect((await userRow(s.t, user.userId)).balance).toBe(1234);

    await s.t.db
      .updateTable('users')
      .set({ dormant_notice_at: daysAgo(31) })
      .where('user_id', '=', user.userId)
      .execute();
    const results = await Promise.all([
      settleDormantBalances(dormant(), mailer, 'http://musicbox.test', now),
      settleDormantBalances(dormant(), mailer, 'http://musicbox.test', now),
    ]);
    expect(results.reduce((n, r) => n + r.charged, 0)).toBe(1);
    expect((await userRow(s.t, user.userId)).balance).toBe(0);
    expect(await ledgerOf(s.t, user.userId)).toMatchObject([
      { kind: 'dormant_fee', amount: 1234, fee: 1234, seller_net: 0 },
    ]);
    expect((await userRow(s.t, active.userId)).balance).toBe(999);
  });

  it('runs from the daily job entry point, expiring roles and settling balances', async () => {
    const { SettingsService } = await import('../../server/modules/settings/settings.service');
    const user = await buyer(s.t, 50);
    await s.t.db
      .updateTable('users')
      .set({
        role_expiration: daysAgo(1),
        balance_changed_at: daysAgo(200),
        dormant_notice_at: daysAgo(40),
      })
      .where('user_id', '=', user.userId)
      .execute();
    const mailer = { send: () => Promise.resolve(true), close: () => undefined };
    const result = await runStoreJobs({
      dormant: dormant(),
      settings: new SettingsService(s.t.db, buildRepositories(s.t.db, 'sqlite')),
      mailer,
      publicUrl: s.t.config.publicUrl,
    });
    expect(result.roles).toBeGreaterThanOrEqual(1);
    expect(result.charged).toBeGreaterThanOrEqual(1);
    expect(await userRow(s.t, user.userId)).toMatchObject({ balance: 0, role_expiration: null });
  });
});
