import { Badge, Box, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { formatDate } from '../../../../domain/format';
import type { Conversation } from '../../../../domain/message-threads';
import { messagesStrings } from '../strings';

const t = messagesStrings.conversations;

/**
 * One row per correspondent: name, the latest title, its date and the unread count. The button
 * shows only the correspondent's name (its accessible name, "Open conversation with <name>",
 * contains that visible text) and stretches over the whole row, so the row stays one target;
 * the title, date and count are read as the row's own text.
 */
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
        <Box
          as="li"
          key={conversation.userId}
          position="relative"
          display="flex"
          justifyContent="space-between"
          gap="3"
          minHeight="12"
          paddingX="4"
          paddingY="2"
          borderWidth="1px"
          borderRadius="l2"
          cursor="pointer"
          _hover={{ bg: 'bg.muted' }}
          _focusWithin={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
        >
          <Stack gap="0" minWidth="0" flex="1" alignItems="flex-start">
            <HStack gap="2">
              <chakra.button
                type="button"
                aria-label={t.open(conversation.userName, conversation.unread)}
                data-unread={conversation.unread > 0 ? 'true' : undefined}
                onClick={() => onOpen(conversation)}
                fontWeight={conversation.unread > 0 ? 'bold' : 'medium'}
                textAlign="start"
                cursor="pointer"
                outline="none"
                _after={{ content: '""', position: 'absolute', inset: '0' }}
              >
                {conversation.userName}
              </chakra.button>
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
        </Box>
      ))}
    </Stack>
  );
}
