import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { formatDate } from '../../../../domain/format';
import type { ThreadMessage } from '../../../../domain/message-threads';
import { messagesStrings } from '../strings';
import { LinkedText } from './linked-text';

const t = messagesStrings.thread;

/** Both sides in the order they were written: one's own on the right, theirs on the left. */
export function ThreadMessages({
  messages,
  userName,
  hasOlder,
  loadingOlder,
  onOlder,
}: {
  messages: ThreadMessage[];
  userName: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onOlder: () => void;
}) {
  return (
    <Stack as="ol" gap="3" listStyleType="none" data-testid="thread-messages">
      {hasOlder ? (
        <Box as="li" alignSelf="center">
          <Button size="sm" variant="ghost" loading={loadingOlder} onClick={onOlder}>
            {t.older}
          </Button>
        </Box>
      ) : null}
      {messages.length === 0 ? (
        <Box as="li">
          <Text color="fg.muted">{t.empty}</Text>
        </Box>
      ) : null}
      {messages.map((message) => (
        <Box
          as="li"
          key={message.dmId}
          alignSelf={message.fromMe ? 'flex-end' : 'flex-start'}
          maxWidth="85%"
          borderRadius="l2"
          paddingX="3"
          paddingY="2"
          bg={message.fromMe ? 'colorPalette.subtle' : 'bg.muted'}
          colorPalette="brand"
          data-from={message.fromMe ? 'me' : 'them'}
        >
          <Text fontSize="xs" color="fg.muted">
            {message.fromMe ? t.you : userName} · {formatDate(message.date)}
          </Text>
          <Text fontWeight="semibold">{message.title}</Text>
          <LinkedText text={message.body} />
        </Box>
      ))}
    </Stack>
  );
}
