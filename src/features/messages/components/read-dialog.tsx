import { Button, Dialog, Stack, Text } from '@chakra-ui/react';
import { formatDate } from '../../../../domain/format';
import type { DirectMessage } from '../../../../domain/message';
import { DialogShell } from '../../../ui/dialog-shell';
import { FormFooter } from '../../../ui/form-footer';
import { messagesStrings } from '../strings';
import { LinkedText } from './linked-text';

const t = messagesStrings.read;

/** One message with reply (to its sender, while the account exists), delete and dismiss. */
export function ReadDialog({
  message,
  deleting,
  onReply,
  onDelete,
  onClose,
}: {
  message: DirectMessage | null;
  deleting: boolean;
  onReply: (message: DirectMessage) => void;
  onDelete: (message: DirectMessage) => void;
  onClose: () => void;
}) {
  return (
    <DialogShell open={message !== null} onClose={onClose} scrollBehavior="inside">
      {message !== null ? (
        <>
          <Dialog.Header>
            <Stack gap="1">
              <Dialog.Title>{message.dmTitle}</Dialog.Title>
              <Text fontSize="sm" color="fg.muted">
                {t.from(message.userName)} · {formatDate(message.dmDate)}
              </Text>
            </Stack>
          </Dialog.Header>
          <Dialog.Body>
            <LinkedText text={message.dmBody} />
          </Dialog.Body>
          <FormFooter
            inDialog
            start={
              <Button
                variant="outline"
                colorPalette="red"
                loading={deleting}
                onClick={() => onDelete(message)}
              >
                {t.delete}
              </Button>
            }
            cancelLabel={t.dismiss}
            onCancel={onClose}
            {...(message.dmFrom !== null
              ? { submitLabel: t.reply, onSubmit: () => onReply(message) }
              : {})}
          />
        </>
      ) : null}
    </DialogShell>
  );
}
