import { Badge, Box, Button, Dialog, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useDeferredValue, useState } from 'react';
import { RECIPIENT_QUERY_MAX, type Correspondent } from '../../../../domain/message-threads';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { DialogShell } from '../../../ui/dialog-shell';
import { FormFooter } from '../../../ui/form-footer';
import { LoadError } from '../../../ui/load-error';
import { TextField } from '../../../ui/text-field';
import { useRecipients } from '../api/threads';
import { messagesStrings } from '../strings';

const t = messagesStrings.newMessage;

/**
 * "New message": find the recipient by name (administrators are listed first, so a buyer can
 * always reach one); choosing one opens the conversation with its composer.
 */
export function NewMessageDialog({
  open,
  onClose,
  onChoose,
}: {
  open: boolean;
  onClose: () => void;
  onChoose: (user: Correspondent) => void;
}) {
  return (
    <DialogShell open={open} onClose={onClose} scrollBehavior="inside">
      {open ? <RecipientPicker onClose={onClose} onChoose={onChoose} /> : null}
    </DialogShell>
  );
}

function RecipientPicker({
  onClose,
  onChoose,
}: {
  onClose: () => void;
  onChoose: (user: Correspondent) => void;
}) {
  const [query, setQuery] = useState('');
  const recipients = useRecipients(useDeferredValue(query.trim()));
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{t.title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <TextField
            label={t.search}
            name="recipient-search"
            type="search"
            autoComplete="off"
            maxLength={RECIPIENT_QUERY_MAX}
            value={query}
            onChange={setQuery}
          />
          {recipients.isPending ? (
            <CenteredSpinner label={t.searching} />
          ) : recipients.isError ? (
            <LoadError error={recipients.error} />
          ) : recipients.data.length === 0 ? (
            <Text color="fg.muted">{t.none}</Text>
          ) : (
            <Stack as="ul" gap="1" listStyleType="none" aria-label={t.to}>
              {recipients.data.map((user) => (
                <Box as="li" key={user.userId}>
                  <Button
                    variant="ghost"
                    width="full"
                    justifyContent="flex-start"
                    onClick={() => onChoose(user)}
                  >
                    <HStack gap="2">
                      {/* Named by what it shows, with the action before it for screen readers
                          (an aria-label would have to repeat the badge word for word). */}
                      <Text>
                        <VisuallyHidden>{t.choose}</VisuallyHidden>
                        {user.userName}
                      </Text>
                      {user.isAdmin ? (
                        <Badge size="xs" variant="subtle">
                          {messagesStrings.conversations.admin}
                        </Badge>
                      ) : null}
                    </HStack>
                  </Button>
                </Box>
              ))}
            </Stack>
          )}
        </Stack>
      </Dialog.Body>
      <FormFooter inDialog cancelLabel={messagesStrings.compose.cancel} onCancel={onClose} />
    </>
  );
}
