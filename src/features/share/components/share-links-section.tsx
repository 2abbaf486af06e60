import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useState } from 'react';
import { formatDateTime, formatLocalDate } from '../../../../domain/format';
import type { Share } from '../../../../domain/shares';
import { shareStrings } from '../../../lib/strings/share';
import { notifySuccess } from '../../../lib/notify';
import { RevokeButton, RevokeConfirm } from '../../../ui/revoke';
import { DataTable, type DataColumn } from '../../../ui/data-table';
import { useRevokeShare, useShares } from '../api/shares';

const t = shareStrings.list;

const targetLink = (row: Share) =>
  row.kind === 'collection' ? (
    <Link asChild variant="underline">
      <RouterLink
        to="/collection/$id"
        params={{ id: String(row.targetId), collectionId: row.targetId }}
      >
        {row.targetName}
      </RouterLink>
    </Link>
  ) : (
    <Link asChild variant="underline">
      <RouterLink to="/playlist/$id" params={{ id: String(row.targetId) }}>
        {row.targetName}
      </RouterLink>
    </Link>
  );

const columns = (everyone: boolean): ReadonlyArray<DataColumn<Share>> => [
  { id: 'target', header: t.shared, cell: targetLink },
  {
    id: 'kind',
    header: '',
    cell: (row) => (row.kind === 'collection' ? t.collection : t.playlist),
  },
  ...(everyone ? [{ id: 'by', header: t.by, cell: (row: Share) => row.userName }] : []),
  { id: 'created', header: t.created, cell: (row) => formatDateTime(row.createdAt) },
  {
    id: 'expires',
    header: t.expires,
    cell: (row) =>
      row.expired ? t.expired : row.expiresAt === null ? t.never : formatLocalDate(row.expiresAt),
  },
];

/**
 * "Your share links" on one's own profile page: what one shared, when it expires, and Revoke.
 * An administrator sees every member's links here, to close any of them.
 */
export function ShareLinksSection({ isAdmin }: { isAdmin: boolean }) {
  const list = useShares();
  const revoke = useRevokeShare();
  const [revoking, setRevoking] = useState<Share | null>(null);
  return (
    <Box
      as="section"
      aria-labelledby="section-share-links"
      borderWidth="1px"
      borderRadius="lg"
      bg="bg.panel"
      p={{ base: '4', md: '5' }}
      data-testid="profile-share-links"
    >
      <Stack gap="4">
        <Heading as="h2" size="lg" id="section-share-links">
          {isAdmin ? t.allTitle : t.title}
        </Heading>
        <Text color="fg.muted">{t.intro}</Text>
        <DataTable
          columns={columns(isAdmin)}
          rows={list.data}
          rowKey={(row) => row.shareId}
          loading={list.isPending}
          loadingLabel={t.loading}
          error={list.error}
          empty={t.empty}
          rowProps={(row) => ({ 'data-testid': `share-row-${row.shareId}` })}
          rowActions={(row) => (
            <RevokeButton
              label={t.revokeLabel(row.targetName)}
              text={t.revoke}
              onClick={() => setRevoking(row)}
            />
          )}
        />
      </Stack>
      <RevokeConfirm
        row={revoking}
        title={(row) => t.revokeLabel(row.targetName)}
        body={t.revokeBody}
        confirmLabel={t.revoke}
        cancelLabel={t.cancel}
        loading={revoke.isPending}
        revoke={(row, done) =>
          revoke.mutate(row.shareId, {
            onSuccess: () => notifySuccess(t.revoked),
            onSettled: done,
          })
        }
        onClose={() => setRevoking(null)}
      />
    </Box>
  );
}
