import type { PublicSettings } from '../../domain/settings';
import { Forbidden } from '../errors';
import { hasConfirmedEmail, requireConfirmedEmail, type Caller } from './caller';

type RequestSettings = Pick<PublicSettings, 'enableRequests'>;

/**
 * Requests are open to a role with roleEnableRequests while the setting enableRequests is on,
 * once the user's e-mail is confirmed (spec part 2: the requests pages check it, and the
 * server refuses what the pages would). Administrators always may: they moderate requests.
 */
export function mayUseRequests(caller: Caller, settings: RequestSettings): boolean {
  if (caller.isAdmin) return true;
  return settings.enableRequests && caller.role.roleEnableRequests && hasConfirmedEmail(caller);
}

export function requireRequests(caller: Caller, settings: RequestSettings): void {
  if (caller.isAdmin) return;
  if (!settings.enableRequests || !caller.role.roleEnableRequests) {
    throw new Forbidden('Requests are not available to your account');
  }
  requireConfirmedEmail(caller);
}

/** The author edits their own request; administrators edit any (spec part 2, section 6). */
export function requireRequestEditor(caller: Caller, request: { userId: number | null }): void {
  if (!caller.isAdmin && request.userId !== caller.userId) {
    throw new Forbidden('Only the author or an administrator can edit this request');
  }
}

/** Deleting a request is for administrators only. */
export function requireRequestDelete(caller: Caller): void {
  if (!caller.isAdmin) throw new Forbidden('Only administrators can delete requests');
}

/** A role without a request limit, or a user whose counter is unset, files without counting. */
export const requestsLimited = (caller: Pick<Caller, 'isAdmin' | 'role' | 'user'>): boolean =>
  !caller.isAdmin &&
  caller.role.roleRequestLimit !== null &&
  caller.user.remaining_requests !== null;
