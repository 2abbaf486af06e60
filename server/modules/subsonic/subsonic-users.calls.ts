import type { PublicSettings } from '../../../domain/settings';
import { loadCaller, requireAdmin, type Caller } from '../../access/caller';
import { subsonicRoleFlags } from '../../access/subsonic-roles';
import { seesAllAccounts } from '../../access/users';
import { requiredParam, SubsonicError, type SubsonicCalls } from './subsonic-call';

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
    const user = self ? caller.user : await deps.services.users.findByName(name);
    if (user === undefined) throw new SubsonicError(70, 'User not found');
    const subject = self ? caller : await loadCaller(deps.callers, user);
    return { user: userElement(subject, await deps.settings.getPublic()) };
  },

  async getUsers({ caller, deps }) {
    requireAdmin(caller);
    const accounts = await deps.services.users.everyone(caller);
    const settings = await deps.settings.getPublic();
    return { users: { user: accounts.map((account) => userElement(account, settings)) } };
  },
};
