import type { CallerDirectory } from '../access/caller';
import { toWireRole } from '../modules/roles/roles.repository';
import type { Repositories } from './repositories';

/** server/access's narrow view of users and roles, over the one pair of repositories. */
export function callerDirectory(repositories: Repositories): CallerDirectory {
  return {
    findUserById: (userId) => repositories.users.findUserById(userId),
    findRole: async (roleId) => {
      const row = await repositories.roles.findRole(roleId);
      return row && toWireRole(row);
    },
  };
}
