import {
  Button,
  CloseButton,
  Dialog,
  Field,
  Input,
  Portal,
  Stack,
  Textarea,
} from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { DM_BODY_MAX, DM_TITLE_MAX, DirectMessageInputSchema } from '../../../../domain/message';
import { notifySuccess } from '../../../lib/notify';
import { primaryButtonProps } from '../../../ui/primary-button-props';
import { useSendMessage } from '../api/messages';
import { messagesStrings } from '../strings';

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
    <Dialog.Root
      open={target !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {target !== null ? <ComposeForm target={target} onClose={onClose} /> : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ComposeForm({ target, onClose }: { target: ComposeTarget; onClose: () => void }) {
  const [title, setTitle] = useState(target.title ?? '');
  const [body, setBody] = useState('');
  const send = useSendMessage();
  const valid = DirectMessageInputSchema.safeParse({ title, body }).success;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
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
    <form onSubmit={submit} noValidate>
      <Dialog.Header>
        <Dialog.Title>{t.title(target.userName ?? t.someone)}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Field.Root required>
            <Field.Label>{t.subject}</Field.Label>
            <Input
              name="dm-title"
              maxLength={DM_TITLE_MAX}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
            />
          </Field.Root>
          <Field.Root required>
            <Field.Label>{t.body}</Field.Label>
            <Textarea
              name="dm-body"
              rows={6}
              maxLength={DM_BODY_MAX}
              value={body}
              onChange={(e) => setBody(e.target.value)}
            />
            <Field.HelperText>{t.counter(body.length, DM_BODY_MAX)}</Field.HelperText>
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          {t.cancel}
        </Button>
        <Button type="submit" {...primaryButtonProps} loading={send.isPending} disabled={!valid}>
          {t.send}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
