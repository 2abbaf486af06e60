import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { formatDate } from '../../../../domain/format';
import type { Conversation } from '../../../../domain/message-threads';
import { messagesStrings } from '../strings';

const t = messagesStrings.conversations;

/** One row per correspondent: name, the latest title, its date and the unread count. */
export function ConversationList({
  conversations,
  onOpen,
}: {
  conversations: Conversation[];
  onOpen: (conversation: Conversation) => void;
}) {
  if (conversations.length === 0) return <Text color="fg.muted">{t.empty}</Text>;
  return (
    <Stack as="ul" gap="2" listStyleType="none" data-testid="conversation-list">
      {conversations.map((conversation) => (
        <Box as="li" key={conversation.userId}>
          <Button
            variant="outline"
            width="full"
            height="auto"
            minHeight="12"
            paddingY="2"
            justifyContent="space-between"
            textAlign="start"
            aria-label={t.open(conversation.userName, conversation.unread)}
            data-unread={conversation.unread > 0 ? 'true' : undefined}
            onClick={() => onOpen(conversation)}
          >
            <Stack gap="0" minWidth="0" flex="1" alignItems="flex-start">
              <HStack gap="2">
                <Text fontWeight={conversation.unread > 0 ? 'bold' : 'medium'}>
                  {conversation.userName}
                </Text>
                {conversation.isAdmin ? (
                  <Badge size="xs" variant="subtle">
                    {t.admin}
                  </Badge>
                ) : null}
              </HStack>
              <Text fontSize="sm" color="fg.muted" truncate maxWidth="full">
                {conversation.lastFromMe ? t.you : ''}
                {conversation.lastTitle}
              </Text>
            </Stack>
            <Stack gap="1" alignItems="flex-end" flexShrink={0}>
              {conversation.unread > 0 ? (
                <Badge colorPalette="red" size="sm">
                  {t.unread(conversation.unread)}
                </Badge>
              ) : null}
              <Text fontSize="xs" color="fg.muted">
                {formatDate(conversation.lastDate)}
              </Text>
            </Stack>
          </Button>
        </Box>
      ))}
    </Stack>
  );
}
