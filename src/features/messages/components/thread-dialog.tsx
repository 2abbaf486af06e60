import { Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import {
  DM_BODY_MAX,
  DM_TITLE_MAX,
  DirectMessageInputSchema,
  replyTitle,
} from '../../../../domain/message';
import { notifySuccess } from '../../../lib/notify';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { DialogForm } from '../../../ui/dialog-form';
import { DialogShell } from '../../../ui/dialog-shell';
import { LoadError } from '../../../ui/load-error';
import { TextAreaField, TextField } from '../../../ui/text-field';
import { useSendMessage } from '../api/messages';
import { useMarkConversationRead, useThread } from '../api/threads';
import { messagesStrings } from '../strings';
import { ThreadMessages } from './thread-messages';

const t = messagesStrings;

export interface ThreadTarget {
  userId: number;
  /** Known when opened from a list; the thread's answer names them otherwise. */
  userName: string | null;
  /** A first title (a purchase question, a reply to an inbox message). */
  subject?: string;
}

/** A conversation with one user: both sides in order, and the composer under them. */
export function ThreadDialog({
  target,
  onClose,
}: {
  target: ThreadTarget | null;
  onClose: () => void;
}) {
  return (
    <DialogShell open={target !== null} onClose={onClose} scrollBehavior="inside" size="lg">
      {target !== null ? <Thread target={target} onClose={onClose} /> : null}
    </DialogShell>
  );
}

function Thread({ target, onClose }: { target: ThreadTarget; onClose: () => void }) {
  const thread = useThread(target.userId);
  const markRead = useMarkConversationRead();
  const send = useSendMessage();
  const [title, setTitle] = useState<string | null>(target.subject ?? null);
  const [body, setBody] = useState('');

  // Opening the conversation reads it: the badges drop once the server agrees.
  const { mutate: mark } = markRead;
  useEffect(() => {
    mark(target.userId);
  }, [mark, target.userId]);

  const pages = thread.data?.pages ?? [];
  const messages = [...pages].reverse().flatMap((page) => page.messages);
  const name = pages[0]?.user.userName ?? target.userName ?? t.compose.someone;
  const last = messages.at(-1);
  // Until typed, the title follows the conversation ("Re: ..." of the latest message).
  const shownTitle = title ?? (last ? replyTitle(last.title) : '');
  const valid = DirectMessageInputSchema.safeParse({ title: shownTitle, body }).success;

  const submit = () =>
    send.mutate(
      { to: target.userId, message: { title: shownTitle, body } },
      {
        onSuccess: () => {
          notifySuccess(t.compose.sent);
          setBody('');
          setTitle(null);
        },
      },
    );

  return (
    <DialogForm
      title={t.thread.title(name)}
      cancelLabel={t.thread.close}
      submitLabel={t.compose.send}
      canSubmit={valid}
      submitting={send.isPending}
      onSubmit={submit}
      onCancel={onClose}
    >
      <Stack gap="5">
        {thread.isPending ? (
          <CenteredSpinner label={t.thread.loading} />
        ) : thread.isError ? (
          <LoadError error={thread.error} />
        ) : (
          <ThreadMessages
            messages={messages}
            userName={name}
            hasOlder={thread.hasNextPage}
            loadingOlder={thread.isFetchingNextPage}
            onOlder={() => void thread.fetchNextPage()}
          />
        )}
        <TextField
          label={t.compose.subject}
          required
          name="dm-title"
          maxLength={DM_TITLE_MAX}
          value={shownTitle}
          onChange={(value) => setTitle(value)}
        />
        <TextAreaField
          label={t.compose.title(name)}
          required
          name="dm-body"
          rows={4}
          maxLength={DM_BODY_MAX}
          value={body}
          onChange={(value) => setBody(value)}
          helperText={t.compose.counter(body.length, DM_BODY_MAX)}
        />
      </Stack>
    </DialogForm>
  );
}
