import { Badge, Button, Flex, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { formatDate } from '../../../../domain/format';
import { useSession } from '../../../common/session';
import { notifySuccess } from '../../../lib/notify';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { LoadError } from '../../../ui/load-error';
import { useTicket } from '../api/get-ticket';
import { useDeleteAttachment, useDeleteTicket, useSetTicketOpen } from '../api/ticket-mutations';
import { supportStrings } from '../strings';
import { ReplyForm } from './reply-form';
import { TicketMessage } from './ticket-message';

const t = supportStrings.ticket;
const tl = supportStrings.list;

const BackLink = () => (
  <ChakraLink asChild color="teal.fg" fontSize="sm" alignSelf="start">
    <Link to="/support">← {t.back}</Link>
  </ChakraLink>
);

/** /support/{id}: messages with attachments, reply while open, close or reopen, admin delete. */
export function TicketPage({ ticketId }: { ticketId: number }) {
  const detail = useTicket(ticketId);
  const isAdmin = useSession().data?.user.isAdmin === true;
  const setOpen = useSetTicketOpen(ticketId);
  const remove = useDeleteTicket(ticketId);
  const removeAttachment = useDeleteAttachment(ticketId);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  if (detail.isPending) return <CenteredSpinner label={t.loading} />;
  if (detail.isError) {
    return (
      <Stack gap="2">
        <BackLink />
        <LoadError error={detail.error} />
      </Stack>
    );
  }
  const { ticket, messages, attachments } = detail.data;

  return (
    <Stack gap="6">
      <BackLink />
      <Stack gap="2">
        <Flex gap="3" align="center" wrap="wrap">
          <Heading as="h1" size="2xl" overflowWrap="anywhere">
            {ticket.ticketTitle}
          </Heading>
          <Badge colorPalette={ticket.ticketOpen ? 'green' : 'gray'}>
            {ticket.ticketOpen ? tl.open : tl.closed}
          </Badge>
        </Flex>
        <Text color="fg.muted">
          {t.openedBy(
            ticket.ticketUser?.userName ?? t.deletedUser,
            formatDate(ticket.ticketCreated),
          )}
        </Text>
        <Flex gap="2" wrap="wrap">
          <Button
            size="sm"
            variant="outline"
            loading={setOpen.isPending}
            onClick={() => setOpen.mutate(!ticket.ticketOpen)}
          >
            {ticket.ticketOpen ? t.close : t.reopen}
          </Button>
          {isAdmin ? (
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={() => setConfirming(true)}
            >
              {t.delete}
            </Button>
          ) : null}
        </Flex>
      </Stack>
      <Stack gap="3">
        {messages.map((message) => (
          <TicketMessage
            key={message.ticketMessageId}
            message={message}
            attachments={attachments.filter((a) => a.ticketMessageId === message.ticketMessageId)}
            canDeleteAttachments={isAdmin}
            onDeleteAttachment={(attachment) =>
              removeAttachment.mutate(attachment.uploadId, {
                onSuccess: () => notifySuccess(t.attachmentDeleted),
              })
            }
          />
        ))}
      </Stack>
      {ticket.ticketOpen ? (
        <ReplyForm ticketId={ticketId} />
      ) : (
        <Text color="fg.muted">{t.closedNote}</Text>
      )}
      <ConfirmDialog
        open={confirming}
        title={t.deleteTitle}
        body={t.deleteBody}
        confirmLabel={t.delete}
        cancelLabel={t.cancel}
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              notifySuccess(t.deleted);
              setConfirming(false);
              void navigate({ to: '/support' });
            },
          })
        }
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
