import { Box, Field, Heading, Stack, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { TICKET_BODY_MAX } from '../../../../domain/ticket';
import { notifySuccess } from '../../../lib/notify';
import { FormFooter } from '../../../ui/form-footer';
import { useReplyTicket } from '../api/ticket-mutations';
import { useAttachments } from '../hooks/use-attachments';
import { supportStrings } from '../strings';
import { AttachmentPicker } from './attachment-picker';

const t = supportStrings.ticket;

/** The reply form under an open ticket's messages. */
export function ReplyForm({ ticketId }: { ticketId: number }) {
  const [body, setBody] = useState('');
  const attachments = useAttachments();
  const reply = useReplyTicket(ticketId);
  const canSend = body.trim() !== '' && !attachments.busy;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    reply.mutate(
      { body, attachments: attachments.uploadIds },
      {
        onSuccess: () => {
          notifySuccess(t.replied);
          setBody('');
          attachments.reset();
        },
      },
    );
  };

  return (
    <Box as="section" aria-labelledby="ticket-reply">
      <form onSubmit={submit} noValidate>
        <Stack gap="3">
          <Heading as="h2" size="md" id="ticket-reply">
            {t.reply}
          </Heading>
          <Field.Root required>
            <Field.Label srOnly>{t.replyLabel}</Field.Label>
            <Textarea
              value={body}
              maxLength={TICKET_BODY_MAX}
              minH="24"
              aria-label={t.replyLabel}
              onChange={(event) => setBody(event.target.value)}
            />
          </Field.Root>
          <AttachmentPicker attachments={attachments} id="reply-files" />
          <FormFooter
            submitLabel={t.send}
            canSubmit={canSend}
            submitting={reply.isPending}
            error={reply.error}
          />
        </Stack>
      </form>
    </Box>
  );
}
