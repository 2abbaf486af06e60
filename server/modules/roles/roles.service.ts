import type { AdminRole, NewRoleInput, Role, RoleDeleted, RoleInput } from '../../../domain/role';
import type { Caller } from '../../access/caller';
import { seesRoleHolders } from '../../access/roles';
import type { Db } from '../../db/database';
import { BadRequest, NotFound } from '../../errors';
import type { SettingsService } from '../settings';
import { RolesRepository, toRoleColumns, toWireRole } from './roles.repository';

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  roles: RolesRepository;
}

/** Roles: listing with holder counts, create, edit, and deletion that rehomes holders. */
export class RolesService {
  private readonly roles: RolesRepository;

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly repos: Repositories,
  ) {
    this.roles = this.repos.roles;
  }

  /** Administrators also learn how many accounts hold each role, to confirm a deletion. */
  async list(caller: Caller): Promise<Array<Role | AdminRole>> {
    const roles = (await this.roles.listRoles()).map(toWireRole);
    if (!seesRoleHolders(caller)) return roles;
    const counts = await this.roles.countUsersPerRole();
    return roles.map((role) => ({ ...role, roleUserCount: counts.get(role.roleId) ?? 0 }));
  }

  /** A new role takes the defaults of the columns the input leaves out. */
  async create(input: NewRoleInput): Promise<Role> {
    const columns = toRoleColumns(input);
    const role = await this.roles.insertRole({
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
      podcasts: columns.podcasts ?? 1,
      blacklisted_tags: columns.blacklisted_tags ?? '[]',
      libraries: columns.libraries ?? null,
    });
    return toWireRole(role);
  }

  async edit(roleId: number, input: RoleInput): Promise<Role> {
    const role = await this.roles.updateRole(roleId, toRoleColumns(input));
    if (role === undefined) throw new NotFound('Role not found');
    return toWireRole(role);
  }

  /** Holders move to the default role rather than being left without one. */
  async delete(roleId: number): Promise<RoleDeleted> {
    const { defaultRoleId } = await this.settings.get();
    if (defaultRoleId === roleId) {
      throw new BadRequest('This is the default role for new accounts; choose another first');
    }
    if ((await this.roles.findRole(roleId)) === undefined) throw new NotFound('Role not found');
    const { deleted, movedUsers } = await this.roles.deleteRoleMovingUsers(roleId, defaultRoleId);
    if (!deleted) throw new NotFound('Role not found');
    return { ok: true, movedUsers };
  }
}
