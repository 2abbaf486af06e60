import { Box, Button } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { formatDate } from '../../../../domain/format';
import type { RequestListItem } from '../../../../domain/request';
import { DataTable, type DataColumn } from '../../../ui/data-table';
import { CloseIcon } from '../../../ui/icons';
import { requestsStrings } from '../strings';

const t = requestsStrings;

function FilledCell({ request }: { request: RequestListItem }) {
  if (request.requestCollectionId === null) {
    return (
      <Box as="span" display="inline-flex" color="red.500" role="img" aria-label={t.notFilled}>
        <CloseIcon />
      </Box>
    );
  }
  return (
    <Button asChild size="xs" variant="outline">
      <Link
        to="/collection/$id"
        params={{
          id: String(request.requestCollectionId),
          collectionId: request.requestCollectionId,
        }}
        aria-label={t.openCollection(request.requestCollectionId)}
      >
        {request.requestCollectionId}
      </Link>
    </Button>
  );
}

const COLUMNS: DataColumn<RequestListItem>[] = [
  {
    id: 'name',
    header: t.columns.name,
    cell: (request) => request.requestName,
    cellProps: { fontWeight: 'semibold' },
  },
  { id: 'artists', header: t.columns.artists, cell: (request) => request.requestArtist },
  { id: 'user', header: t.columns.user, cell: (request) => request.userName },
  {
    id: 'filled',
    header: t.columns.filled,
    cell: (request) => <FilledCell request={request} />,
  },
  {
    id: 'created',
    header: t.columns.created,
    cell: (request) => formatDate(request.requestCreated),
    cellProps: { whiteSpace: 'nowrap' },
  },
];

/**
 * Name, artists, user, filled, created; a row opens the request by click or Enter. The headers
 * stay when there is nothing to list, with `empty` in one row.
 */
export function RequestTable({ items, empty }: { items: RequestListItem[]; empty: string }) {
  const navigate = useNavigate();
  return (
    <DataTable
      columns={COLUMNS}
      rows={items}
      rowKey={(request) => request.requestId}
      empty={empty}
      emptyAs="row"
      rowLabel={(request) => t.open(request.requestName)}
      onRowOpen={({ requestId }) =>
        void navigate({
          to: '/requests/$id',
          params: { id: String(requestId), requestId },
        })
      }
    />
  );
}
