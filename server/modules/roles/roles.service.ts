import type { AdminRole, NewRoleInput, Role, RoleDeleted, RoleInput } from '../../../domain/role';
import type { Caller } from '../../access/caller';
import { seesRoleHolders } from '../../access/roles';
import type { Db } from '../../db/database';
import { BadRequest, NotFound } from '../../errors';
import type { SettingsService } from '../settings/settings.service';
import {
  countUsersPerRole,
  deleteRoleMovingUsers,
  findRole,
  insertRole,
  listRoles,
  toRoleColumns,
  toWireRole,
  updateRole,
} from './roles.repository';

/** Roles: listing with holder counts, create, edit, and deletion that rehomes holders. */
export class RolesService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
  ) {}

  /** Administrators also learn how many accounts hold each role, to confirm a deletion. */
  async list(caller: Caller): Promise<Array<Role | AdminRole>> {
    const roles = (await listRoles(this.db)).map(toWireRole);
    if (!seesRoleHolders(caller)) return roles;
    const counts = await countUsersPerRole(this.db);
    return roles.map((role) => ({ ...role, roleUserCount: counts.get(role.roleId) ?? 0 }));
  }

  /** A new role takes the defaults of the columns the input leaves out. */
  async create(input: NewRoleInput): Promise<Role> {
    const columns = toRoleColumns(input);
    const role = await insertRole(this.db, {
      role_name: input.roleName,
      speed_limit: columns.speed_limit ?? null,
      download_limit: columns.download_limit ?? null,
      request_limit: columns.request_limit ?? null,
      can_upload: columns.can_upload ?? 0,
      upload_limit: columns.upload_limit ?? null,
      transcode: columns.transcode ?? 0,
      vip: columns.vip ?? 0,
      download_paid: columns.download_paid ?? 0,
      enable_browse: columns.enable_browse ?? 1,
      enable_requests: columns.enable_requests ?? 1,
      enable_store: columns.enable_store ?? 1,
      blacklisted_tags: columns.blacklisted_tags ?? '[]',
    });
    return toWireRole(role);
  }

  async edit(roleId: number, input: RoleInput): Promise<Role> {
    const role = await updateRole(this.db, roleId, toRoleColumns(input));
    if (role === undefined) throw new NotFound('Role not found');
    return toWireRole(role);
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
