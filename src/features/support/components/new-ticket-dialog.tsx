import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { TICKET_BODY_MAX, TICKET_TITLE_MAX } from '../../../../domain/ticket';
import { notifySuccess } from '../../../lib/notify';
import { DialogForm } from '../../../ui/dialog-form';
import { DialogShell } from '../../../ui/dialog-shell';
import { LoadError } from '../../../ui/load-error';
import { useCreateTicket } from '../api/ticket-mutations';
import { useAttachments } from '../hooks/use-attachments';
import { supportStrings } from '../strings';
import { AttachmentPicker } from './attachment-picker';
import { TextField, TextAreaField } from '../../../ui/text-field';

const t = supportStrings.form;

/** The new-ticket dialog of /support: title, message and attachments. */
export function NewTicketDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const attachments = useAttachments();
  const create = useCreateTicket();
  const canSend = title.trim() !== '' && body.trim() !== '' && !attachments.busy;

  const close = () => {
    create.reset();
    onClose();
  };
  const submit = () => {
    create.mutate(
      { title, body, attachments: attachments.uploadIds },
      {
        onSuccess: () => {
          notifySuccess(t.sent);
          setTitle('');
          setBody('');
          attachments.reset();
          close();
        },
      },
    );
  };

  return (
    <DialogShell
      open={open}
      onClose={close}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
    >
      <DialogForm
        title={t.dialogTitle}
        cancelLabel={t.cancel}
        submitLabel={t.send}
        canSubmit={canSend}
        submitting={create.isPending}
        onSubmit={submit}
        onCancel={close}
      >
        <Stack gap="4">
          <TextField
            label={t.title}
            required
            value={title}
            maxLength={TICKET_TITLE_MAX}
            onChange={(value) => setTitle(value)}
          />
          <TextAreaField
            label={t.body}
            required
            value={body}
            placeholder={t.bodyPlaceholder}
            maxLength={TICKET_BODY_MAX}
            minH="32"
            onChange={(value) => setBody(value)}
          />
          <AttachmentPicker attachments={attachments} id="new-ticket-files" />
          {create.error ? <LoadError error={create.error} /> : null}
        </Stack>
      </DialogForm>
    </DialogShell>
  );
}
