import { DORMANT_BALANCE_DAYS, DORMANT_NOTICE_DAYS } from '../../domain/store';
import { mayKeepRole } from '../access/roles';
import type { UserRow } from '../db/tables';
import { dormantBalanceMail } from '../mail/templates';
import type { Mailer } from '../mail/mailer';
import type { SettingsService } from '../modules/settings';
import type { DormantRepository } from './dormant.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBefore = (now: Date, days: number) =>
  new Date(now.getTime() - days * DAY_MS).toISOString();

/**
 * A bought role that ran out: the user is back on the default role. Called where the session
 * loads the user, so the very next request already sees it, and by the daily job for the rest.
 */
export async function expireRoleOnRead(
  dormant: DormantRepository,
  settings: SettingsService,
  user: UserRow,
  now: string,
): Promise<UserRow> {
  if (mayKeepRole(user, now)) return user;
  const { defaultRoleId } = await settings.get();
  await dormant.expireRoles(now, defaultRoleId, user.user_id);
  return { ...user, role_id: defaultRoleId, role_expiration: null };
}

export async function expireAllRoles(
  dormant: DormantRepository,
  settings: SettingsService,
  now: Date,
) {
  const { defaultRoleId } = await settings.get();
  return dormant.expireRoles(now.toISOString(), defaultRoleId);
}

/**
 * Legal terms: balance untouched for 180 days is taken as a fee, with a notice 30 days before.
 * Safe to run any number of times a day: each step is guarded in SQL.
 */
export async function settleDormantBalances(
  dormant: DormantRepository,
  mailer: Mailer,
  publicUrl: string,
  now: Date,
): Promise<{ noticed: number; charged: number }> {
  let noticed = 0;
  let charged = 0;
  const noticeFrom = daysBefore(now, DORMANT_BALANCE_DAYS - DORMANT_NOTICE_DAYS);
  for (const user of await dormant.dueNotice(noticeFrom)) {
    if (!(await dormant.markNoticed(user.user_id, now.toISOString()))) continue;
    const feeDate = new Date(Date.parse(user.changed) + DORMANT_BALANCE_DAYS * DAY_MS);
    // The fee never comes sooner than 30 days after the notice, whatever the dates say.
    const latest = new Date(
      Math.max(feeDate.getTime(), now.getTime() + DORMANT_NOTICE_DAYS * DAY_MS),
    );
    await mailer.send(
      dormantBalanceMail(publicUrl, user.email, user.user_name, user.balance, latest.toISOString()),
    );
    noticed++;
  }
  const due = await dormant.dueFee(
    daysBefore(now, DORMANT_BALANCE_DAYS),
    daysBefore(now, DORMANT_NOTICE_DAYS),
  );
  for (const user of due) {
    if (await dormant.takeFee(user, now.toISOString())) charged++;
  }
  return { noticed, charged };
}
