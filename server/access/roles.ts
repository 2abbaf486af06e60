import type { Caller } from './caller';

/**
 * Every signed-in user reads the roles (the store and profiles show them); administrators also
 * see how many accounts hold each, to confirm a deletion. Changing roles is admin-only
 * (adminOnly on the routes).
 */
export const seesRoleHolders = (caller: Pick<Caller, 'isAdmin'>): boolean => caller.isAdmin;
