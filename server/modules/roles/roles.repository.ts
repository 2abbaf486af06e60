import type { Role, RoleInput } from '../../../domain/role';
import { fromBool, parseJson, toBool, type Db } from '../../db/database';
import type { RoleRow, RolesTable } from '../../db/tables';
import type { Insertable, Updateable } from 'kysely';

export function toWireRole(row: RoleRow): Role {
  return {
    roleId: row.role_id,
    roleName: row.role_name,
    roleSpeedLimit: row.speed_limit,
    roleDownloadLimit: row.download_limit,
    roleRequestLimit: row.request_limit,
    roleCanUpload: toBool(row.can_upload),
    // PostgreSQL answers bigint as text.
    roleUploadLimit: row.upload_limit === null ? null : Number(row.upload_limit),
    roleTranscode: toBool(row.transcode),
    roleVip: toBool(row.vip),
    roleDownloadPaid: toBool(row.download_paid),
    roleEnableBrowse: toBool(row.enable_browse),
    roleEnableRequests: toBool(row.enable_requests),
    roleEnableStore: toBool(row.enable_store),
    rolePodcasts: toBool(row.podcasts),
    roleBlacklistedTags: parseJson<string[]>(row.blacklisted_tags, []),
    roleLibraries: parseJson<number[] | null>(row.libraries, null),
  };
}

export function toRoleColumns(input: RoleInput): Updateable<RolesTable> {
  const columns: Updateable<RolesTable> = {};
  if (input.roleName !== undefined) columns.role_name = input.roleName;
  if (input.roleSpeedLimit !== undefined) columns.speed_limit = input.roleSpeedLimit;
  if (input.roleDownloadLimit !== undefined) columns.download_limit = input.roleDownloadLimit;
  if (input.roleRequestLimit !== undefined) columns.request_limit = input.roleRequestLimit;
  if (input.roleCanUpload !== undefined) columns.can_upload = fromBool(input.roleCanUpload);
  if (input.roleUploadLimit !== undefined) columns.upload_limit = input.roleUploadLimit;
  if (input.roleTranscode !== undefined) columns.transcode = fromBool(input.roleTranscode);
  if (input.roleVip !== undefined) columns.vip = fromBool(input.roleVip);
  if (input.roleDownloadPaid !== undefined)
    columns.download_paid = fromBool(input.roleDownloadPaid);
  if (input.roleEnableBrowse !== undefined)
    columns.enable_browse = fromBool(input.roleEnableBrowse);
  if (input.roleEnableRequests !== undefined)
    columns.enable_requests = fromBool(input.roleEnableRequests);
  if (input.roleEnableStore !== undefined) columns.enable_store = fromBool(input.roleEnableStore);
  if (input.rolePodcasts !== undefined) columns.podcasts = fromBool(input.rolePodcasts);
  if (input.roleBlacklistedTags !== undefined)
    columns.blacklisted_tags = JSON.stringify(input.roleBlacklistedTags);
  if (input.roleLibraries !== undefined)
    columns.libraries =
      input.roleLibraries === null ? null : JSON.stringify([...new Set(input.roleLibraries)]);
  return columns;
}

export class RolesRepository {
  constructor(private readonly db: Db) {}

  listRoles(): Promise<RoleRow[]> {
    return this.db.selectFrom('roles').selectAll().orderBy('role_id').execute();
  }

  findRole(roleId: number): Promise<RoleRow | undefined> {
    return this.db.selectFrom('roles').selectAll().where('role_id', '=', roleId).executeTakeFirst();
  }

  findRoleByName(name: string): Promise<RoleRow | undefined> {
    return this.db.selectFrom('roles').selectAll().where('role_name', '=', name).executeTakeFirst();
  }

  async insertRole(role: Insertable<RolesTable>): Promise<RoleRow> {
    return this.db.insertInto('roles').values(role).returningAll().executeTakeFirstOrThrow();
  }

  async updateRole(roleId: number, columns: Updateable<RolesTable>): Promise<RoleRow | undefined> {
    if (Object.keys(columns).length === 0) return this.findRole(roleId);
    return this.db
      .updateTable('roles')
      .set(columns)
      .where('role_id', '=', roleId)
      .returningAll()
      .executeTakeFirst();
  }

  /** Moves every holder of `fromRoleId` to `toRoleId` and deletes the role, in one transaction. */
  async deleteRoleMovingUsers(
    fromRoleId: number,
    toRoleId: number,
  ): Promise<{ deleted: boolean; movedUsers: number }> {
    return this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('users')
        .set({ role_id: toRoleId })
        .where('role_id', '=', fromRoleId)
        .executeTakeFirst();
      const result = await trx
        .deleteFrom('roles')
        .where('role_id', '=', fromRoleId)
        .executeTakeFirst();
      return {
        deleted: Number(result.numDeletedRows) > 0,
        movedUsers: Number(moved.numUpdatedRows),
      };
    });
  }

  async countUsersPerRole(): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('users')
      .select(['role_id', (eb) => eb.fn.countAll().as('count')])
      .groupBy('role_id')
      .execute();
    return new Map(rows.map((row) => [row.role_id, Number(row.count)]));
  }
}
