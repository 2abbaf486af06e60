import type { AdminRole } from '../../../../domain/role';
import { bytesPerSecondToKbps } from '../../../../domain/admin-forms';
import { adminStrings } from '../../../lib/strings';
import { DataTable, type DataColumn } from '../../../ui/data-table';
import { ROLE_FLAGS } from './role-form-values';

const t = adminStrings.roles;

const limit = (value: number | null, shown: string): string =>
  value === null ? t.unlimited : shown;

const COLUMNS: DataColumn<AdminRole>[] = [
  {
    id: 'name',
    header: t.name,
    cell: (role) => role.roleName,
    cellProps: { fontWeight: 'semibold' },
  },
  {
    id: 'speed',
    header: t.speed,
    cell: (role) => limit(role.roleSpeedLimit, bytesPerSecondToKbps(role.roleSpeedLimit)),
  },
  {
    id: 'downloads',
    header: t.downloads,
    cell: (role) => limit(role.roleDownloadLimit, String(role.roleDownloadLimit)),
  },
  {
    id: 'requests',
    header: t.requests,
    cell: (role) => limit(role.roleRequestLimit, String(role.roleRequestLimit)),
  },
  ...ROLE_FLAGS.map((flag): DataColumn<AdminRole> => ({
    id: flag,
    header: t.flags[flag],
    cell: (role) => (role[flag] ? t.yes : t.no),
  })),
  { id: 'blacklist', header: t.blacklist, cell: (role) => role.roleBlacklistedTags.join(', ') },
  { id: 'users', header: t.users, cell: (role) => role.roleUserCount ?? 0 },
];

/** Every role at a glance; a row opens its edit dialog by click or Enter. */
export function RoleTable({
  roles,
  onOpen,
}: {
  roles: AdminRole[];
  onOpen: (role: AdminRole) => void;
}) {
  return (
    <DataTable
      columns={COLUMNS}
      rows={roles}
      rowKey={(role) => role.roleId}
      empty={t.empty}
      rowLabel={(role) => `${t.editTitle}: ${role.roleName}`}
      onRowOpen={onOpen}
    />
  );
}
