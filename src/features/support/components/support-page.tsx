import { Badge, Button, Flex, Link as ChakraLink, Table, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatDate } from '../../../../domain/format';
import { useSession } from '../../../app/session';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { LoadError } from '../../../ui/load-error';
import { PageHeading } from '../../../ui/page-heading';
import { useTickets } from '../api/get-tickets';
import { supportStrings } from '../strings';
import { NewTicketDialog } from './new-ticket-dialog';

const t = supportStrings.list;

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
      {tickets.isPending ? (
        <CenteredSpinner label={t.loading} />
      ) : tickets.isError ? (
        <LoadError error={tickets.error} />
      ) : tickets.data.length === 0 ? (
        <Text color="fg.muted">{t.empty}</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t.columns.title}</Table.ColumnHeader>
                {isAdmin ? <Table.ColumnHeader>{t.columns.user}</Table.ColumnHeader> : null}
                <Table.ColumnHeader>{t.columns.created}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.columns.state}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {tickets.data.map((ticket) => (
                <Table.Row key={ticket.ticketId}>
                  <Table.Cell maxW={{ base: '44', md: 'md' }}>
                    <ChakraLink asChild>
                      <Link to="/support/$id" params={{ id: String(ticket.ticketId) }}>
                        <Text truncate>{ticket.ticketTitle}</Text>
                      </Link>
                    </ChakraLink>
                  </Table.Cell>
                  {isAdmin ? <Table.Cell>{ticket.ticketUser?.userName ?? ''}</Table.Cell> : null}
                  <Table.Cell whiteSpace="nowrap">{formatDate(ticket.ticketCreated)}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={ticket.ticketOpen ? 'green' : 'gray'}>
                      {ticket.ticketOpen ? t.open : t.closed}
                    </Badge>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <NewTicketDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
