import { Box, Button, Table } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { formatDate } from '../../../../domain/format';
import type { RequestListItem } from '../../../../domain/request';
import { CloseIcon } from '../../../ui/icons';
import { requestsStrings } from '../strings';

const t = requestsStrings;

/**
 * Name, artists, user, filled, created; a row opens the request by click or Enter. The headers
 * stay when there is nothing to list, with `empty` in one row.
 */
export function RequestTable({ items, empty }: { items: RequestListItem[]; empty: string }) {
  const navigate = useNavigate();
  const open = (id: number) =>
    void navigate({ to: '/requests/$id', params: { id: String(id), requestId: id } });
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" interactive>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t.columns.name}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.columns.artists}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.columns.user}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.columns.filled}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.columns.created}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={5} color="fg.muted">
                {empty}
              </Table.Cell>
            </Table.Row>
          ) : null}
          {items.map((request) => (
            <Table.Row
              key={request.requestId}
              tabIndex={0}
              cursor="pointer"
              aria-label={t.open(request.requestName)}
              onClick={() => open(request.requestId)}
              onKeyDown={(event) => {
                if (event.target !== event.currentTarget) return;
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  open(request.requestId);
                }
              }}
            >
              <Table.Cell fontWeight="semibold">{request.requestName}</Table.Cell>
              <Table.Cell>{request.requestArtist}</Table.Cell>
              <Table.Cell>{request.userName}</Table.Cell>
              <Table.Cell>
                {request.requestCollectionId === null ? (
                  <Box
                    as="span"
                    display="inline-flex"
                    color="red.500"
                    role="img"
                    aria-label={t.notFilled}
                  >
                    <CloseIcon />
                  </Box>
                ) : (
                  <Button
                    asChild
                    size="xs"
                    variant="outline"
                    onClick={(event) => event.stopPropagation()}
                  >
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
                )}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDate(request.requestCreated)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
