import { Button, CloseButton, Dialog, Field, Input, Portal, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { strings } from '../../../lib/strings';
import { useResetPassword } from '../api/reset-password';

const t = strings.reset;

/**
 * "Set a new password", opened by /login?resetToken=…. Submit stays disabled while the two
 * passwords differ or the call runs; success closes it with a green 5 s notice.
 */
export function ResetPasswordDialog({
  code,
  onClose,
}: {
  code: string | undefined;
  onClose: () => void;
}) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const reset = useResetPassword();
  const differ = password !== confirmation;
  const canSubmit = password.length > 0 && !differ && !reset.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code || !canSubmit) return;
    reset.mutate(
      { password, code },
      {
        onSuccess: () => {
          setPassword('');
          setConfirmation('');
          notifySuccess(t.changed, { duration: 5000 });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog.Root
      open={Boolean(code)}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content as="form" onSubmit={submit}>
            <Dialog.Header>
              <Dialog.Title>{t.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Field.Root required>
                  <Field.Label>{t.newPassword}</Field.Label>
                  <Input
                    type="password"
                    autoComplete="new-password"
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                  />
                </Field.Root>
                <Field.Root required invalid={confirmation.length > 0 && differ}>
                  <Field.Label>{t.confirmPassword}</Field.Label>
                  <Input
                    type="password"
                    autoComplete="new-password"
                    value={confirmation}
                    onChange={(event) => setConfirmation(event.target.value)}
                  />
                  <Field.ErrorText>{t.mismatch}</Field.ErrorText>
                </Field.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button type="button" variant="outline">
                  {t.cancel}
                </Button>
              </Dialog.ActionTrigger>
              <Button
                type="submit"
                colorPalette="teal"
                disabled={!canSubmit}
                loading={reset.isPending}
              >
                {t.submit}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
