import {
  Button,
  CloseButton,
  Dialog,
  Field,
  Input,
  Portal,
  Stack,
  Textarea,
} from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { TICKET_BODY_MAX, TICKET_TITLE_MAX } from '../../../../domain/ticket';
import { notifySuccess } from '../../../lib/notify';
import { LoadError } from '../../../ui/load-error';
import { useCreateTicket } from '../api/ticket-mutations';
import { useAttachments } from '../hooks/use-attachments';
import { supportStrings } from '../strings';
import { AttachmentPicker } from './attachment-picker';

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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
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
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) close();
      }}
      placement="center"
      scrollBehavior="inside"
      size={{ base: 'full', md: 'lg' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{t.dialogTitle}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Field.Root required>
                    <Field.Label>{t.title}</Field.Label>
                    <Input
                      value={title}
                      maxLength={TICKET_TITLE_MAX}
                      onChange={(event) => setTitle(event.target.value)}
                    />
                  </Field.Root>
                  <Field.Root required>
                    <Field.Label>{t.body}</Field.Label>
                    <Textarea
                      value={body}
                      placeholder={t.bodyPlaceholder}
                      maxLength={TICKET_BODY_MAX}
                      minH="32"
                      onChange={(event) => setBody(event.target.value)}
                    />
                  </Field.Root>
                  <AttachmentPicker attachments={attachments} id="new-ticket-files" />
                  {create.error ? <LoadError error={create.error} /> : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close}>
                  {t.cancel}
                </Button>
                <Button
                  type="submit"
                  colorPalette="teal"
                  loading={create.isPending}
                  disabled={!canSend}
                >
                  {t.send}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
