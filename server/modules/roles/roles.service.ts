import type { AdminRole, Role, RoleDeleted } from '../../../domain/role';
import type { Db } from '../../db/database';
import { BadRequest, NotFound } from '../../errors';
import type { SettingsService } from '../settings/settings.service';
import {
  countUsersPerRole,
  deleteRoleMovingUsers,
  findRole,
  listRoles,
  toWireRole,
} from './roles.repository';

/** Listing with holder counts and deletion that rehomes holders; simple edits stay in routes. */
export class RolesService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
  ) {}

  /** Administrators also learn how many accounts hold each role, to confirm a deletion. */
  async list(forAdmin: boolean): Promise<Array<Role | AdminRole>> {
    const roles = (await listRoles(this.db)).map(toWireRole);
    if (!forAdmin) return roles;
    const counts = await countUsersPerRole(this.db);
    return roles.map((role) => ({ ...role, roleUserCount: counts.get(role.roleId) ?? 0 }));
  }

  /** Holders move to the default role rather than being left without one. */
  async delete(roleId: number): Promise<RoleDeleted> {
    const { defaultRoleId } = await this.settings.get();
    if (defaultRoleId === roleId) {
      throw new BadRequest('This is the default role for new accounts; choose another first');
    }
    if ((await findRole(this.db, roleId)) === undefined) throw new NotFound('Role not found');
    const { deleted, movedUsers } = await deleteRoleMovingUsers(this.db, roleId, defaultRoleId);
    if (!deleted) throw new NotFound('Role not found');
    return { ok: true, movedUsers };
  }
}
