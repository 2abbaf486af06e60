import { Badge, HStack } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { formatDate, formatMoney } from '../../../../domain/format';
import type { User, UserSearchQuery } from '../../../../domain/user';
import { DataTable, type DataColumn } from '../../../ui/data-table';
import { usersStrings } from '../strings';

const t = usersStrings.table;

type Sort = NonNullable<UserSearchQuery['sort']>;

const columns = (
  sort: Sort,
  descending: boolean,
  onSort: (sort: Sort) => void,
): DataColumn<User>[] => {
  const sortable = (id: Sort, label: string) =>
    ({
      direction: id === sort ? (descending ? 'descending' : 'ascending') : null,
      label: t.sortBy(label),
      onSort: () => onSort(id),
    }) as const;
  return [
    { id: 'id', header: t.id, cell: (user) => user.userId, sort: sortable('userId', t.id) },
    {
      id: 'name',
      header: t.name,
      cell: (user) => user.userName,
      cellProps: { fontWeight: 'semibold' },
      sort: sortable('userName', t.name),
    },
    { id: 'email', header: t.email, cell: (user) => user.userEmail },
    {
      id: 'registered',
      header: t.registered,
      cell: (user) => formatDate(user.registerTime),
      sort: sortable('registerTime', t.registered),
    },
    {
      id: 'last-login',
      header: t.lastLogin,
      cell: (user) => formatDate(user.lastLoginTime),
      sort: sortable('lastLoginTime', t.lastLogin),
    },
    {
      id: 'balance',
      header: t.balance,
      cell: (user) => formatMoney(user.userBalance ?? 0),
      sort: sortable('userBalance', t.balance),
    },
    {
      id: 'status',
      header: t.status,
      cell: (user) => (
        <HStack gap="1">
          {user.isBanned ? <Badge colorPalette="red">{t.banned}</Badge> : null}
          {user.isAdmin ? <Badge colorPalette="teal">{t.admin}</Badge> : null}
        </HStack>
      ),
    },
  ];
};

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
  return (
    <DataTable
      columns={columns(sort, descending, onSort)}
      rows={users}
      rowKey={(user) => user.userId}
      rowLabel={(user) => t.open(user.userName)}
      rowProps={() => ({ 'data-testid': 'user-row' })}
      onRowOpen={(user) => void navigate({ to: '/user/$id', params: { id: String(user.userId) } })}
    />
  );
}
