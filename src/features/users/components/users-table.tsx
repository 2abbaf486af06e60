import { Badge, HStack, Table } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { formatDate, formatMoney } from '../../../../domain/format';
import type { User, UserSearchQuery } from '../../../../domain/user';
import { usersStrings } from '../strings';

const t = usersStrings.table;

type Sort = NonNullable<UserSearchQuery['sort']>;

const COLUMNS: Array<{ label: string; sort: Sort | null }> = [
  { label: t.id, sort: 'userId' },
  { label: t.name, sort: 'userName' },
  { label: t.email, sort: null },
  { label: t.registered, sort: 'registerTime' },
  { label: t.lastLogin, sort: 'lastLoginTime' },
  { label: t.balance, sort: 'userBalance' },
  { label: t.status, sort: null },
];

/** The admin user table: sortable headers; a row opens the profile by click or Enter. */
export function UsersTable({
  users,
  sort,
  descending,
  onSort,
}: {
  users: User[];
  sort: Sort;
  descending: boolean;
  onSort: (sort: Sort) => void;
}) {
  const navigate = useNavigate();
  const open = (user: User) =>
    void navigate({ to: '/user/$id', params: { id: String(user.userId) } });
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" interactive>
        <Table.Header>
          <Table.Row>
            {COLUMNS.map((column) => (
              <Table.ColumnHeader
                key={column.label}
                aria-sort={
                  column.sort === sort ? (descending ? 'descending' : 'ascending') : undefined
                }
              >
                {column.sort === null ? (
                  column.label
                ) : (
                  <button
                    type="button"
                    aria-label={t.sortBy(column.label)}
                    onClick={() => onSort(column.sort as Sort)}
                    style={{ fontWeight: 'inherit' }}
                  >
                    {column.label}
                    {column.sort === sort ? (descending ? ' ▼' : ' ▲') : ''}
                  </button>
                )}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {users.map((user) => (
            <Table.Row
              key={user.userId}
              tabIndex={0}
              cursor="pointer"
              aria-label={t.open(user.userName)}
              data-testid="user-row"
              onClick={() => open(user)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  open(user);
                }
              }}
            >
              <Table.Cell>{user.userId}</Table.Cell>
              <Table.Cell fontWeight="semibold">{user.userName}</Table.Cell>
              <Table.Cell>{user.userEmail}</Table.Cell>
              <Table.Cell>{formatDate(user.registerTime)}</Table.Cell>
              <Table.Cell>{formatDate(user.lastLoginTime)}</Table.Cell>
              <Table.Cell>{formatMoney(user.userBalance ?? 0)}</Table.Cell>
              <Table.Cell>
                <HStack gap="1">
                  {user.isBanned ? <Badge colorPalette="red">{t.banned}</Badge> : null}
                  {user.isAdmin ? <Badge colorPalette="teal">{t.admin}</Badge> : null}
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
