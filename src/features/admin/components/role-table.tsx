import { Table } from '@chakra-ui/react';
import type { AdminRole } from '../../../../domain/role';
import { bytesPerSecondToKbps } from '../../../../domain/admin-forms';
import { adminStrings } from '../../../lib/strings';
import { ROLE_FLAGS } from './role-form-values';

const t = adminStrings.roles;

const limit = (value: number | null, shown: string): string =>
  value === null ? t.unlimited : shown;

/** Every role at a glance; a row opens its edit dialog by click or Enter. */
export function RoleTable({
  roles,
  onOpen,
}: {
  roles: AdminRole[];
  onOpen: (role: AdminRole) => void;
}) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" interactive>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t.name}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.speed}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.downloads}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.requests}</Table.ColumnHeader>
            {ROLE_FLAGS.map((flag) => (
              <Table.ColumnHeader key={flag}>{t.flags[flag]}</Table.ColumnHeader>
            ))}
            <Table.ColumnHeader>{t.blacklist}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.users}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {roles.map((role) => (
            <Table.Row
              key={role.roleId}
              tabIndex={0}
              cursor="pointer"
              aria-label={`${t.editTitle}: ${role.roleName}`}
              onClick={() => onOpen(role)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onOpen(role);
                }
              }}
            >
              <Table.Cell fontWeight="semibold">{role.roleName}</Table.Cell>
              <Table.Cell>
                {limit(role.roleSpeedLimit, bytesPerSecondToKbps(role.roleSpeedLimit))}
              </Table.Cell>
              <Table.Cell>
                {limit(role.roleDownloadLimit, String(role.roleDownloadLimit))}
              </Table.Cell>
              <Table.Cell>{limit(role.roleRequestLimit, String(role.roleRequestLimit))}</Table.Cell>
              {ROLE_FLAGS.map((flag) => (
                <Table.Cell key={flag}>{role[flag] ? t.yes : t.no}</Table.Cell>
              ))}
              <Table.Cell>{role.roleBlacklistedTags.join(', ')}</Table.Cell>
              <Table.Cell>{role.roleUserCount ?? 0}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
