import type { PublicSettings } from '../../../domain/settings';
import { loadCaller, requireAdmin, toCaller, type Caller } from '../../access/caller';
import { subsonicRoleFlags } from '../../access/subsonic-roles';
import { seesAllAccounts } from '../../access/users';
import { toWireRole } from '../roles';
import { requiredParam, SubsonicError, type SubsonicCalls } from './subsonic-call';

const PAGE = 1000;

/** A Subsonic `user` element; every user reaches the one library (music folder 1). */
const userElement = (subject: Caller, settings: PublicSettings) => ({
  username: subject.user.user_name,
  email: subject.user.email,
  scrobblingEnabled: true,
  ...subsonicRoleFlags(subject, settings),
  folder: [1],
});

export const usersCalls: SubsonicCalls = {
  /** One's own account, or anyone's for an administrator (who else exists is theirs to know). */
  async getUser({ caller, params, deps }) {
    const name = requiredParam(params, 'username');
    const self = name.toLowerCase() === caller.user.user_name_lower;
    if (!self && !seesAllAccounts(caller)) {
      throw new SubsonicError(50, 'You can only see your own account');
    }
    const user = self ? caller.user : await deps.repositories.users.findUserByName(name);
    if (user === undefined) throw new SubsonicError(70, 'User not found');
    const subject = self ? caller : await loadCaller(deps.callers, user);
    return { user: userElement(subject, await deps.settings.getPublic()) };
  },

  async getUsers({ caller, deps }) {
    requireAdmin(caller);
    const users = deps.repositories.users;
    const roles = new Map(
      (await deps.repositories.roles.listRoles()).map((row) => [row.role_id, toWireRole(row)]),
    );
    const settings = await deps.settings.getPublic();
    const user = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await users.searchUsers({
        query: '',
        limit: PAGE,
        offset,
        sort: 'userName',
        descending: false,
      });
      for (const row of page.rows)
        user.push(userElement(toCaller(row, roles.get(row.role_id)), settings));
      if (page.rows.length < PAGE) break;
    }
    return { users: { user } };
  },
};
