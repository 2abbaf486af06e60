import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { replyTitle, type DirectMessage } from '../../../../domain/message';
import { notifySuccess } from '../../../lib/notify';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { LoadError } from '../../../ui/load-error';
import { PageHeading } from '../../../ui/page-heading';
import { useDeleteMessage, useInbox, useMarkRead } from '../api/messages';
import { messagesStrings as t } from '../strings';
import { ComposeDialog, type ComposeTarget } from './compose-dialog';
import { MessageTable } from './message-table';
import { ReadDialog } from './read-dialog';

/**
 * /dms: the inbox. Opening an unread message marks it read (the header badge drops at once);
 * `composeTo` (the compose search param) opens the compose dialog to that user.
 */
export function MessagesPage({
  userId,
  composeTo,
  onComposeDone,
}: {
  userId: number;
  composeTo: number | null;
  onComposeDone: () => void;
}) {
  const inbox = useInbox();
  const markRead = useMarkRead(userId);
  const remove = useDeleteMessage(userId);
  const [reading, setReading] = useState<DirectMessage | null>(null);
  const [replying, setReplying] = useState<ComposeTarget | null>(null);

  const open = (message: DirectMessage) => {
    setReading(message);
    if (!message.dmRead) markRead.mutate(message.dmId);
  };
  const compose: ComposeTarget | null =
    replying ?? (composeTo === null ? null : { userId: composeTo, userName: null });

  return (
    <Stack gap="4">
      <PageHeading title={t.title}>{t.intro}</PageHeading>
      {inbox.isPending ? (
        <CenteredSpinner label={t.loading} />
      ) : inbox.isError ? (
        <LoadError error={inbox.error} />
      ) : (
        <MessageTable messages={inbox.data} onOpen={open} />
      )}
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
          setReplying({
            userId: message.dmFrom,
            userName: message.userName,
            title: replyTitle(message.dmTitle),
          });
        }}
      />
      <ComposeDialog
        target={compose}
        onClose={() => {
          if (replying !== null) setReplying(null);
          else onComposeDone();
        }}
      />
    </Stack>
  );
}
