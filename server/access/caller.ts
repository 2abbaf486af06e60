import type { Role } from '../../domain/role';
import { foldText } from '../../domain/search-text';
import type { UserRow } from '../db/tables';
import { Forbidden } from '../errors';

/** The signed-in caller with everything an access decision needs, loaded once per request. */
export interface Caller {
  user: UserRow;
  userId: number;
  isAdmin: boolean;
  /** The user's role; NO_ROLE when its row is missing. */
  role: Role;
  /** roleBlacklistedTags folded like collection_terms.value_key, without duplicates. */
  blacklistKeys: string[];
  /** The libraries the role shows (null: all); administrators see every library. */
  libraryIds: readonly number[] | null;
  /**
   * A library filter the caller chose (the browse page, Subsonic's musicFolderId), set by
   * withinLibrary for one call: lists show that library only, administrators' too.
   */
  onlyLibrary?: number;
  /** roleEnableBrowse, or an administrator. */
  canBrowse: boolean;
  /** The session this request came with; null for callers not signed in by cookie (tus). */
  tokenHash: string | null;
}

/**
 * A user whose role row is gone (deleted by hand, a broken restore) gets the most limited role
 * there is: no browsing, no downloads, no transcodes, no requests, store or uploads. Guessing
 * any more could hand out rights nobody granted. Administrators stay administrators.
 */
export const NO_ROLE: Role = Object.freeze({
  roleId: 0,
  roleName: 'No role',
  // Irrelevant to non-administrators, who cannot reach any media without roleEnableBrowse.
  roleSpeedLimit: null,
  roleDownloadLimit: 0,
  roleRequestLimit: 0,
  roleCanUpload: false,
  roleUploadLimit: 0,
  roleTranscode: false,
  roleVip: false,
  roleDownloadPaid: false,
  roleEnableBrowse: false,
  roleEnableRequests: false,
  roleEnableStore: false,
  rolePodcasts: false,
  roleBlacklistedTags: [],
  roleLibraries: [],
});

export const foldTags = (tags: readonly string[]): string[] =>
  [...new Set(tags.map(foldText))].filter(Boolean);

export function toCaller(
  user: UserRow,
  role: Role | undefined,
  tokenHash: string | null = null,
): Caller {
  const isAdmin = user.is_admin === 1;
  const effective = role ?? NO_ROLE;
  return {
    user,
    userId: user.user_id,
    isAdmin,
    role: effective,
    blacklistKeys: foldTags(effective.roleBlacklistedTags),
    libraryIds: isAdmin ? null : effective.roleLibraries,
    canBrowse: isAdmin || effective.roleEnableBrowse,
    tokenHash,
  };
}

/**
 * What access reads of users and roles: a narrow directory it owns, so it imports no module
 * (decision 0055). server/root builds it over the users and roles repositories.
 */
export interface CallerDirectory {
  findUserById(userId: number): Promise<UserRow | undefined>;
  findRole(roleId: number): Promise<Role | undefined>;
}

/** The caller for a user row: their role is read once; request.caller() caches it per request. */
export async function loadCaller(
  directory: CallerDirectory,
  user: UserRow,
  tokenHash: string | null = null,
): Promise<Caller> {
  return toCaller(user, await directory.findRole(user.role_id), tokenHash);
}

/** The caller a background step acts as (a finished tus upload's owner); undefined if gone. */
export async function loadCallerById(
  directory: CallerDirectory,
  userId: number,
): Promise<Caller | undefined> {
  const user = await directory.findUserById(userId);
  return user && loadCaller(directory, user);
}

export const CONFIRM_EMAIL_FIRST = 'You need to confirm your email first!';

export const ADMINS_ONLY = 'Only administrators can do this';

/** The administrators' gate: every admin-only call asks this, never the flag itself. */
export function requireAdmin(caller: Pick<Caller, 'isAdmin'>, message = ADMINS_ONLY): void {
  if (!caller.isAdmin) throw new Forbidden(message);
}

/** Uploads, requests and the library upload wait for a confirmed e-mail (spec part 2). */
export const hasConfirmedEmail = (caller: Pick<Caller, 'user'>): boolean =>
  caller.user.email_confirmed === 1;

export function requireConfirmedEmail(caller: Pick<Caller, 'user'>): void {
  if (!hasConfirmedEmail(caller)) throw new Forbidden(CONFIRM_EMAIL_FIRST);
}
