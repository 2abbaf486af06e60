import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { strings } from '../../../lib/strings';
import { DialogForm } from '../../../ui/dialog-form';
import { DialogShell } from '../../../ui/dialog-shell';
import { useResetPassword } from '../api/reset-password';
import { TextField } from '../../../ui/text-field';

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

  const submit = () => {
    if (!code) return;
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
    <DialogShell open={Boolean(code)} onClose={onClose}>
      <DialogForm
        title={t.title}
        cancelLabel={t.cancel}
        submitLabel={t.submit}
        canSubmit={canSubmit}
        submitting={reset.isPending}
        onSubmit={submit}
        onCancel={onClose}
      >
        <Stack gap="4">
          <TextField
            label={t.newPassword}
            required
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(value) => setPassword(value)}
          />
          <TextField
            label={t.confirmPassword}
            required
            invalid={confirmation.length > 0 && differ}
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(value) => setConfirmation(value)}
            errorText={t.mismatch}
          />
        </Stack>
      </DialogForm>
    </DialogShell>
  );
}
