import { Button, Checkbox, Field, Flex, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import {
  REQUEST_PAGE_DEFAULT,
  REQUEST_PAGE_MAX,
  REQUEST_PAGE_SIZES,
} from '../../../../domain/request';
import { useSession } from '../../../common/session';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { LoadError } from '../../../ui/load-error';
import { PageHeading } from '../../../ui/page-heading';
import { primaryButtonProps } from '../../../ui/primary-button-props';
import { useRequests } from '../api/get-requests';
import { requestsStrings as t } from '../strings';
import { RequestTable } from './request-table';

/** /requests: the table, own-only filter, page sizes 5…50 and all (default 50). */
export function RequestsPage() {
  const { data: session } = useSession();
  const [ownOnly, setOwnOnly] = useState(false);
  const [size, setSize] = useState<number>(REQUEST_PAGE_DEFAULT);
  const [offset, setOffset] = useState(0);
  const count = size === 0 ? REQUEST_PAGE_MAX : size;
  const userId = ownOnly && session ? session.user.userId : null;
  const requests = useRequests({ offset, count, userId });

  const total = requests.data?.total ?? 0;
  const shown = requests.data?.items.length ?? 0;
  return (
    <Stack gap="4">
      <PageHeading title={t.title}>{t.intro}</PageHeading>
      <Flex gap="4" align="end" wrap="wrap" justify="space-between">
        <Flex gap="6" align="center" wrap="wrap">
          <Checkbox.Root
            checked={ownOnly}
            onCheckedChange={(e) => {
              setOwnOnly(e.checked === true);
              setOffset(0);
            }}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t.ownOnly}</Checkbox.Label>
          </Checkbox.Root>
          <Field.Root width="auto" orientation="horizontal" gap="2">
            <Field.Label whiteSpace="nowrap">{t.pageSize}</Field.Label>
            <NativeSelect.Root size="sm" width="24">
              <NativeSelect.Field
                value={String(size)}
                onChange={(event) => {
                  setSize(Number(event.currentTarget.value));
                  setOffset(0);
                }}
              >
                {REQUEST_PAGE_SIZES.map((value) => (
                  <option key={value} value={value}>
                    {value === 0 ? t.all : value}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </Flex>
        <Button asChild {...primaryButtonProps}>
          <Link to="/requests/new">{t.newRequest}</Link>
        </Button>
      </Flex>
      {requests.isPending ? (
        <CenteredSpinner label={t.loading} />
      ) : requests.isError ? (
        <LoadError error={requests.error} />
      ) : (
        <>
          <RequestTable items={requests.data.items} empty={ownOnly ? t.emptyOwn : t.empty} />
          {total === 0 ? null : (
            <Flex gap="3" align="center" justify="end">
              <Text fontSize="sm" color="fg.muted" aria-live="polite">
                {t.pageOf(offset + 1, offset + shown, total)}
              </Text>
              <Button
                size="sm"
                variant="outline"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - count))}
              >
                {t.previous}
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={offset + shown >= total}
                onClick={() => setOffset(offset + count)}
              >
                {t.next}
              </Button>
            </Flex>
          )}
        </>
      )}
    </Stack>
  );
}
