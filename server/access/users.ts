import type { UserRow } from '../db/tables';
import { BadRequest, Forbidden } from '../errors';
import type { Caller } from './caller';

/** The part of a caller (or of an account acted on) that account rules look at. */
export type Account = Pick<Caller, 'userId' | 'isAdmin'>;

/** An account row as the rules below see it; the one place its admin flag is read. */
export const accountOf = (user: UserRow): Account => ({
  userId: user.user_id,
  isAdmin: user.is_admin === 1,
});

/** E-mail details, limits, balance and addresses: the user themself and administrators. */
export const canSeePrivateProfile = (caller: Account, subjectId: number): boolean =>
  caller.isAdmin || caller.userId === subjectId;

/** Profile fields and favourite genres: one's own, or anyone's for an administrator. */
export function assertEditProfile(caller: Account, subjectId: number): void {
  if (!canSeePrivateProfile(caller, subjectId)) {
    throw new Forbidden('You can only edit your own profile');
  }
}

/**
 * Account fields (role, limits, balance, admin flag, e-mail confirmation) are changed by
 * administrators only. The client may send the whole user back: `changed` lists only the
 * fields whose value really differs, and any of them refuses a non-administrator.
 */
export function assertAccountFieldChanges(caller: Account, changed: readonly string[]): void {
  const first = changed[0];
  if (!caller.isAdmin && first !== undefined) {
    throw new Forbidden(`Only administrators can change ${first}`);
  }
}

/** Whether the caller's edit may touch account fields at all (see above). */
export const mayChangeAccountFields = (caller: Account): boolean => caller.isAdmin;

/** Spec part 2, section 6: one's own unlocked collections; administrators may see anyone's. */
export function assertSeeUnlocked(caller: Account, subjectId: number): void {
  if (!canSeePrivateProfile(caller, subjectId)) {
    throw new Forbidden('You can only see your own unlocked collections');
  }
}

/** Bans and unbans are for administrators, never on themselves. */
export function assertBan(caller: Account, subject: Account): void {
  if (!caller.isAdmin) throw new Forbidden('Only administrators can ban users');
  if (caller.userId === subject.userId) throw new BadRequest('You cannot ban yourself');
}

/**
 * Deleting an account: one's own (DELETE /api/user/me, with the password) or, for an
 * administrator, anyone's; the last administrator is never deleted, or nobody could
 * administer the service any more.
 */
export function assertDelete(caller: Account, subject: Account, administrators: number): void {
  if (caller.userId !== subject.userId && !caller.isAdmin) {
    throw new Forbidden('Only administrators can delete users');
  }
  assertNotLastAdmin(subject, administrators, 'delete the last administrator');
}

/** DELETE /api/user/{id} deletes others: one's own account needs the password on the profile. */
export function assertDeleteOther(caller: Account, subject: Account, administrators: number) {
  if (caller.userId === subject.userId) {
    throw new Forbidden('Delete your own account from your profile, with your password');
  }
  assertDelete(caller, subject, administrators);
}

/** Taking isAdmin from the last administrator would leave the service without one. */
export function assertAdminFlagChange(
  subject: Account,
  nextIsAdmin: boolean,
  administrators: number,
): void {
  if (!nextIsAdmin) assertNotLastAdmin(subject, administrators, 'remove the last administrator');
}

function assertNotLastAdmin(subject: Account, administrators: number, what: string) {
  if (subject.isAdmin && administrators <= 1) throw new BadRequest(`You cannot ${what}`);
}

/**
 * A password reset with noEmail answers the code instead of mailing it (and skips the reset
 * rate limits): how an administrator helps someone without mail. Anyone else's noEmail is
 * ignored, so the code only ever reaches the mailbox.
 */
export const mayResetWithoutEmail = (caller: Account | null): boolean =>
  caller !== null && caller.isAdmin;

/** The members' search (a user picker) lists private fields: administrators only. */
export const seesAllAccounts = (caller: Account): boolean => caller.isAdmin;
