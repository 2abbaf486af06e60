import type { UserRow } from '../db/tables';
import type { Caller } from './caller';

/**
 * Every signed-in user reads the roles (the store and profiles show them); administrators also
 * see how many accounts hold each, to confirm a deletion. Changing roles is admin-only
 * (adminOnly on the routes).
 */
export const seesRoleHolders = (caller: Pick<Caller, 'isAdmin'>): boolean => caller.isAdmin;

/**
 * A role bought for a time is held until `role_expiration` (an ISO date; null never ends);
 * from that instant on the user's rights are the default role's. The daily sweep's SQL
 * (DormantRepository.expireRoles: role_expiration <= now) is this rule for every account.
 */
export const mayKeepRole = (user: Pick<UserRow, 'role_expiration'>, now: string): boolean =>
  user.role_expiration === null || user.role_expiration > now;
