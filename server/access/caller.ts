import type { Role } from '../../domain/role';
import { foldText } from '../../domain/search-text';
import type { Db } from '../db/database';
import type { UserRow } from '../db/tables';
import { findRole, toWireRole } from '../modules/roles/roles.repository';
import type { AuthContext } from '../plugins/session';

/** The signed-in caller with everything an access decision needs, loaded once per request. */
export interface Caller {
  user: UserRow;
  userId: number;
  isAdmin: boolean;
  /** The user's role; NO_ROLE when its row is missing. */
  role: Role;
  /** roleBlacklistedTags folded like collection_terms.value_key, without duplicates. */
  blacklistKeys: string[];
  /** roleEnableBrowse, or an administrator. */
  canBrowse: boolean;
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
  roleBlacklistedTags: [],
});

export const foldTags = (tags: readonly string[]): string[] =>
  [...new Set(tags.map(foldText))].filter(Boolean);

export function toCaller(user: UserRow, role: Role | undefined): Caller {
  const isAdmin = user.is_admin === 1;
  const effective = role ?? NO_ROLE;
  return {
    user,
    userId: user.user_id,
    isAdmin,
    role: effective,
    blacklistKeys: foldTags(effective.roleBlacklistedTags),
    canBrowse: isAdmin || effective.roleEnableBrowse,
  };
}

// Keyed by the request's AuthContext (Sessions.get hands out one per request), so several
// services asking within one request share one role lookup.
const loaded = new WeakMap<AuthContext, Promise<Caller>>();

export function loadCaller(db: Db, auth: AuthContext): Promise<Caller> {
  let pending = loaded.get(auth);
  if (pending === undefined) {
    pending = findRole(db, auth.user.role_id).then((row) =>
      toCaller(auth.user, row && toWireRole(row)),
    );
    loaded.set(auth, pending);
  }
  return pending;
}
