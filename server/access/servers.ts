import { requireAdmin, type Caller } from './caller';
import { Forbidden } from '../errors';

/** Servers, downloads and RSS feeds are administrators' (spec part 2 §6). */
export function requireServerAdmin(caller: Pick<Caller, 'isAdmin'>): void {
  requireAdmin(caller, 'Only administrators manage servers and downloads');
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

export const NO_REQUESTS_LEFT = 'You have no remaining requests left!';

/** A limited caller's download request goes ahead only when a remaining request was `taken`. */
export function requireRequestLeft(taken: boolean): void {
  if (!taken) throw new Forbidden(NO_REQUESTS_LEFT);
}

/** A status is readable by the user who asked for the download, and by administrators. */
export function mayReadDownloadStatus(
  caller: Pick<Caller, 'isAdmin' | 'userId'>,
  ownerId: number | null,
): boolean {
  return caller.isAdmin || (ownerId !== null && ownerId === caller.userId);
}
