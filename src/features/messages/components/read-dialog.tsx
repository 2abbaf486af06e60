import { Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { formatDate } from '../../../../domain/format';
import type { DirectMessage } from '../../../../domain/message';
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
    <Dialog.Root
      open={message !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
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
                <Dialog.Footer flexWrap="wrap">
                  <Button
                    variant="outline"
                    colorPalette="red"
                    loading={deleting}
                    onClick={() => onDelete(message)}
                  >
                    {t.delete}
                  </Button>
                  <Button variant="outline" onClick={onClose}>
                    {t.dismiss}
                  </Button>
                  {message.dmFrom !== null ? (
                    <Button colorPalette="teal" onClick={() => onReply(message)}>
                      {t.reply}
                    </Button>
                  ) : null}
                </Dialog.Footer>
              </>
            ) : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
