import type { Role } from '../../../domain/role';
import { foldText } from '../../../domain/search-text';
import type { Db } from '../../db/database';
import { Forbidden } from '../../errors';
import type { AuthContext } from '../../plugins/session';
import type { Viewer } from '../catalogue/viewer';
import { findRole, toWireRole } from '../roles/roles.repository';

/** The signed-in caller with what playlist and comment rules need: role, admin flag, viewer. */
export interface Caller {
  userId: number;
  isAdmin: boolean;
  role: Role | null;
  viewer: Viewer;
}

// A user whose role row vanished gets the most limited rights, never more.
const NO_ROLE_LIMITS = { roleDownloadPaid: false, roleDownloadLimit: 0, roleTranscode: false };

export async function loadCaller(db: Db, auth: AuthContext): Promise<Caller> {
  const isAdmin = auth.user.is_admin === 1;
  const row = await findRole(db, auth.user.role_id);
  const role = row ? toWireRole(row) : null;
  return {
    userId: auth.user.user_id,
    isAdmin,
    role,
    viewer: {
      userId: auth.user.user_id,
      isAdmin,
      blacklistKeys: [...new Set((role?.roleBlacklistedTags ?? []).map(foldText))].filter(Boolean),
    },
  };
}

export const limitsOf = (caller: Caller) => caller.role ?? NO_ROLE_LIMITS;

/** Spec part 1, section 6: roleEnableBrowse is needed to read library content; admins always may. */
export function requireBrowse(caller: Caller): void {
  if (!caller.isAdmin && !caller.role?.roleEnableBrowse) {
    throw new Forbidden('Your role does not allow browsing the library');
  }
}
