import { Forbidden } from '../errors';
import type { Caller } from './caller';

/** Servers, downloads and RSS feeds are administrators' (spec part 2 §6). */
export function requireServerAdmin(caller: Pick<Caller, 'isAdmin'>): void {
  if (!caller.isAdmin) throw new Forbidden('Only administrators manage servers and downloads');
}

/**
 * Queueing an external download is a request: the role must allow requests (and the
 * enableRequests setting be on); administrators always may.
 */
export function requireDownloadRequests(
  caller: Pick<Caller, 'isAdmin' | 'role'>,
  settings: { enableRequests: boolean },
): void {
  if (caller.isAdmin) return;
  if (!settings.enableRequests || !caller.role.roleEnableRequests)
    throw new Forbidden('Requests are not available to your account');
}

/** The role's request limit counts unless the role or the user's counter is unlimited. */
export const requestsLimited = (caller: Pick<Caller, 'isAdmin' | 'role' | 'user'>): boolean =>
  !caller.isAdmin &&
  caller.role.roleRequestLimit !== null &&
  caller.user.remaining_requests !== null;

/** A status is readable by the user who asked for the download, and by administrators. */
export function requireRequestOwner(
  caller: Pick<Caller, 'isAdmin' | 'userId'>,
  ownerId: number | null,
): boolean {
  return caller.isAdmin || (ownerId !== null && ownerId === caller.userId);
}
