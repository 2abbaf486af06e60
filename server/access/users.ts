import { BadRequest, Forbidden } from '../errors';

/** Who is asking about an account: their id and whether they administer the service. */
export interface AccountActor {
  userId: number;
  isAdmin: boolean;
}

/** The account being acted on. */
export interface AccountSubject {
  userId: number;
  isAdmin: boolean;
}

/** E-mail details, limits, balance and addresses: the user themself and administrators. */
export const canSeePrivateProfile = (actor: AccountActor, subjectId: number): boolean =>
  actor.isAdmin || actor.userId === subjectId;

/** Profile fields and favourite genres: one's own, or anyone's for an administrator. */
export function assertEditProfile(actor: AccountActor, subjectId: number): void {
  if (!canSeePrivateProfile(actor, subjectId)) {
    throw new Forbidden('You can only edit your own profile');
  }
}

/** Spec part 2, section 6: one's own unlocked collections; administrators may see anyone's. */
export function assertSeeUnlocked(actor: AccountActor, subjectId: number): void {
  if (!canSeePrivateProfile(actor, subjectId)) {
    throw new Forbidden('You can only see your own unlocked collections');
  }
}

/** Bans and unbans are for administrators, never on themselves. */
export function assertBan(actor: AccountActor, subject: AccountSubject): void {
  if (!actor.isAdmin) throw new Forbidden('Only administrators can ban users');
  if (actor.userId === subject.userId) throw new BadRequest('You cannot ban yourself');
}

/**
 * Deleting an account: an administrator deletes others here (their own account goes through
 * DELETE /api/user/me with the password); the last administrator is never deleted, or nobody
 * could administer the service any more.
 */
export function assertDelete(
  actor: AccountActor,
  subject: AccountSubject,
  administrators: number,
): void {
  if (actor.userId !== subject.userId) {
    if (!actor.isAdmin) throw new Forbidden('Only administrators can delete users');
  }
  assertNotLastAdmin(subject, administrators, 'delete the last administrator');
}

/** Taking isAdmin from the last administrator would leave the service without one. */
export function assertAdminFlagChange(
  subject: AccountSubject,
  nextIsAdmin: boolean,
  administrators: number,
): void {
  if (!nextIsAdmin) assertNotLastAdmin(subject, administrators, 'remove the last administrator');
}

function assertNotLastAdmin(subject: AccountSubject, administrators: number, what: string) {
  if (subject.isAdmin && administrators <= 1) throw new BadRequest(`You cannot ${what}`);
}
