import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useDeferredValue, useState } from 'react';
import { USER_PAGE_SIZE } from '../../../../domain/account';
import type { UserSearchQuery } from '../../../../domain/user';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { LoadError } from '../../../ui/load-error';
import { PageHeading } from '../../../ui/page-heading';
import { useUserSearch } from '../api/user-queries';
import { usersStrings } from '../strings';
import { UsersTable } from './users-table';

const t = usersStrings.table;

type Sort = NonNullable<UserSearchQuery['sort']>;

/** /admin/users: search, sort and pages of 50 (spec part 2, "Admin users"). */
export function UsersPage() {
  const [text, setText] = useState('');
  const query = useDeferredValue(text.trim());
  const [sort, setSort] = useState<Sort>('userId');
  const [descending, setDescending] = useState(false);
  const [offset, setOffset] = useState(0);
  const search = useUserSearch({
    query,
    limit: USER_PAGE_SIZE,
    offset,
    sort,
    descending: descending ? 'true' : 'false',
  });

  const onSort = (next: Sort) => {
    setDescending(next === sort ? !descending : false);
    setSort(next);
    setOffset(0);
  };
  const count = search.data?.count ?? 0;

  return (
    <Stack gap="4">
      <PageHeading title={t.title} />
      <Input
        type="search"
        maxW="md"
        aria-label={t.search}
        placeholder={t.search}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOffset(0);
        }}
      />
      {search.isPending ? <CenteredSpinner label={usersStrings.loading} /> : null}
      {search.isError ? <LoadError error={search.error} /> : null}
      {search.data && search.data.users.length === 0 ? (
        <Text color="fg.muted">{t.empty}</Text>
      ) : null}
      {search.data && search.data.users.length > 0 ? (
        <>
          <UsersTable
            users={search.data.users}
            sort={sort}
            descending={descending}
            onSort={onSort}
          />
          <HStack justify="space-between" flexWrap="wrap" gap="2">
            <Text fontSize="sm" color="fg.muted" data-testid="users-range">
              {t.page(offset + 1, offset + search.data.users.length, count)}
            </Text>
            <HStack>
              <Button
                size="sm"
                variant="outline"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - USER_PAGE_SIZE))}
              >
                {t.previous}
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={offset + USER_PAGE_SIZE >= count}
                onClick={() => setOffset(offset + USER_PAGE_SIZE)}
              >
                {t.next}
              </Button>
            </HStack>
          </HStack>
        </>
      ) : null}
    </Stack>
  );
}
