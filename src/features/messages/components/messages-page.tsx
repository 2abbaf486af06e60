import { Button, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { replyTitle, type DirectMessage } from '../../../../domain/message';
import { notifySuccess } from '../../../lib/notify';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { LoadError } from '../../../ui/load-error';
import { PageHeading } from '../../../ui/page-heading';
import { SectionTitle } from './section-title';
import { useDeleteMessage, useInbox, useMarkRead } from '../api/messages';
import { useConversations } from '../api/threads';
import { messagesStrings as t } from '../strings';
import { ConversationList } from './conversation-list';
import { MessageTable } from './message-table';
import { NewMessageDialog } from './new-message-dialog';
import { ReadDialog } from './read-dialog';
import { ThreadDialog, type ThreadTarget } from './thread-dialog';

/**
 * /dms: "New message", the conversations (one per correspondent, both sides, unread counts)
 * and the spec's inbox table of received messages with its read dialog. `composeTo` (the
 * profile's button) opens the conversation with that user; `newMessage` opens the picker,
 * with `subject` as the first title (the payment dialog's "Ask an administrator").
 */
export function MessagesPage({
  userId,
  composeTo,
  newMessage,
  subject,
  onComposeDone,
}: {
  userId: number;
  composeTo: number | null;
  newMessage: boolean;
  subject: string | null;
  onComposeDone: () => void;
}) {
  const inbox = useInbox();
  const conversations = useConversations();
  const markRead = useMarkRead(userId);
  const remove = useDeleteMessage(userId);
  const [reading, setReading] = useState<DirectMessage | null>(null);
  const [opened, setOpened] = useState<ThreadTarget | null>(null);
  const [picking, setPicking] = useState(false);

  const fromAddress = subject === null ? {} : { subject };
  const thread: ThreadTarget | null =
    opened ?? (composeTo === null ? null : { userId: composeTo, userName: null, ...fromAddress });
  const closeThread = () => {
    setOpened(null);
    // The address's request is done too, or the picker would open again.
    if (composeTo !== null || newMessage) onComposeDone();
  };

  const open = (message: DirectMessage) => {
    setReading(message);
    if (!message.dmRead) markRead.mutate(message.dmId);
  };

  return (
    <Stack gap="6">
      <PageHeading title={t.title}>{t.intro}</PageHeading>
      <Button alignSelf="flex-start" colorPalette="brand" onClick={() => setPicking(true)}>
        {t.newMessage.button}
      </Button>
      <Stack gap="3" as="section" aria-labelledby="dm-conversations">
        <SectionTitle id="dm-conversations">{t.conversations.heading}</SectionTitle>
        {conversations.isPending ? (
          <CenteredSpinner label={t.conversations.loading} />
        ) : conversations.isError ? (
          <LoadError error={conversations.error} />
        ) : (
          <ConversationList
            conversations={conversations.data}
            onOpen={(c) => setOpened({ userId: c.userId, userName: c.userName })}
          />
        )}
      </Stack>
      <Stack gap="3" as="section" aria-labelledby="dm-inbox">
        <SectionTitle id="dm-inbox">{t.inboxHeading}</SectionTitle>
        {inbox.isPending ? (
          <CenteredSpinner label={t.loading} />
        ) : inbox.isError ? (
          <LoadError error={inbox.error} />
        ) : (
          <MessageTable messages={inbox.data} onOpen={open} />
        )}
      </Stack>
      <ReadDialog
        message={reading}
        deleting={remove.isPending}
        onClose={() => setReading(null)}
        onDelete={(message) =>
          remove.mutate(message.dmId, {
            onSuccess: () => {
              notifySuccess(t.read.deleted);
              setReading(null);
            },
          })
        }
        onReply={(message) => {
          setReading(null);
          if (message.dmFrom === null) return;
          setOpened({
            userId: message.dmFrom,
            userName: message.userName,
            subject: replyTitle(message.dmTitle),
          });
        }}
      />
      <NewMessageDialog
        open={picking || (newMessage && thread === null)}
        onClose={() => {
          setPicking(false);
          if (newMessage) onComposeDone();
        }}
        onChoose={(user) => {
          setPicking(false);
          setOpened({ userId: user.userId, userName: user.userName, ...fromAddress });
        }}
      />
      <ThreadDialog target={thread} onClose={closeThread} />
    </Stack>
  );
}
