import { Badge, Button, Flex, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatDate } from '../../../../domain/format';
import type { Ticket } from '../../../../domain/ticket';
import { useSession } from '../../../common/session';
import { DataTable, type DataColumn } from '../../../ui/data-table';
import { PageHeading } from '../../../ui/page-heading';
import { useTickets } from '../api/get-tickets';
import { supportStrings } from '../strings';
import { NewTicketDialog } from './new-ticket-dialog';

const t = supportStrings.list;

const COLUMNS: DataColumn<Ticket>[] = [
  {
    id: 'title',
    header: t.columns.title,
    cell: (ticket) => (
      <ChakraLink asChild>
        <Link to="/support/$id" params={{ id: String(ticket.ticketId) }}>
          <Text truncate>{ticket.ticketTitle}</Text>
        </Link>
      </ChakraLink>
    ),
    cellProps: { maxW: { base: '44', md: 'md' } },
  },
  { id: 'user', header: t.columns.user, cell: (ticket) => ticket.ticketUser?.userName ?? '' },
  {
    id: 'created',
    header: t.columns.created,
    cell: (ticket) => formatDate(ticket.ticketCreated),
    cellProps: { whiteSpace: 'nowrap' },
  },
  {
    id: 'state',
    header: t.columns.state,
    cell: (ticket) => (
      <Badge colorPalette={ticket.ticketOpen ? 'green' : 'gray'}>
        {ticket.ticketOpen ? t.open : t.closed}
      </Badge>
    ),
  },
];

/** /support: the caller's tickets (all of them for administrators) and the new-ticket dialog. */
export function SupportPage() {
  const tickets = useTickets();
  const isAdmin = useSession().data?.user.isAdmin === true;
  const [creating, setCreating] = useState(false);

  return (
    <>
      <Flex justify="space-between" align="start" gap="4" wrap="wrap">
        <PageHeading title={t.title}>{t.intro}</PageHeading>
        <Button colorPalette="teal" onClick={() => setCreating(true)}>
          {t.newTicket}
        </Button>
      </Flex>
      <DataTable
        columns={isAdmin ? COLUMNS : COLUMNS.filter((column) => column.id !== 'user')}
        rows={tickets.data}
        rowKey={(ticket) => ticket.ticketId}
        loading={tickets.isPending}
        loadingLabel={t.loading}
        error={tickets.error}
        empty={t.empty}
      />
      <NewTicketDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
