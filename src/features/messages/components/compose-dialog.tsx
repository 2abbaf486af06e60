import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { DM_BODY_MAX, DM_TITLE_MAX, DirectMessageInputSchema } from '../../../../domain/message';
import { notifySuccess } from '../../../lib/notify';
import { DialogForm } from '../../../ui/dialog-form';
import { DialogShell } from '../../../ui/dialog-shell';
import { useSendMessage } from '../api/messages';
import { messagesStrings } from '../strings';
import { TextField, TextAreaField } from '../../../ui/text-field';

const t = messagesStrings.compose;

export interface ComposeTarget {
  userId: number;
  /** Shown in the title when known (a reply); otherwise "this user". */
  userName: string | null;
  title?: string;
}

/** Title and body to one user; used by /dms?compose=<id> and by reply. */
export function ComposeDialog({
  target,
  onClose,
}: {
  target: ComposeTarget | null;
  onClose: () => void;
}) {
  return (
    <DialogShell open={target !== null} onClose={onClose}>
      {target !== null ? <ComposeForm target={target} onClose={onClose} /> : null}
    </DialogShell>
  );
}

function ComposeForm({ target, onClose }: { target: ComposeTarget; onClose: () => void }) {
  const [title, setTitle] = useState(target.title ?? '');
  const [body, setBody] = useState('');
  const send = useSendMessage();
  const valid = DirectMessageInputSchema.safeParse({ title, body }).success;
  const submit = () => {
    send.mutate(
      { to: target.userId, message: { title, body } },
      {
        onSuccess: () => {
          notifySuccess(t.sent);
          onClose();
        },
      },
    );
  };
  return (
    <DialogForm
      title={t.title(target.userName ?? t.someone)}
      cancelLabel={t.cancel}
      submitLabel={t.send}
      canSubmit={valid}
      submitting={send.isPending}
      onSubmit={submit}
      onCancel={onClose}
    >
      <Stack gap="4">
        <TextField
          label={t.subject}
          required
          name="dm-title"
          maxLength={DM_TITLE_MAX}
          value={title}
          onChange={(value) => setTitle(value)}
        />
        <TextAreaField
          label={t.body}
          required
          name="dm-body"
          rows={6}
          maxLength={DM_BODY_MAX}
          value={body}
          onChange={(value) => setBody(value)}
          helperText={t.counter(body.length, DM_BODY_MAX)}
        />
      </Stack>
    </DialogForm>
  );
}
