import { Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { FormFooter } from '../../../ui/form-footer';
import { useChangePassword, useDeleteAccount } from '../api/account';
import { usersStrings } from '../strings';
import { ProfileSection } from './profile-section';
import { TextField } from '../../../ui/text-field';

const t = usersStrings.account;

/** Change password and delete account, both proven by the current password. */
export function AccountSection() {
  const change = useChangePassword();
  const remove = useDeleteAccount(t.deleted);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);

  const onChange = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          notifySuccess(t.passwordChanged);
          setCurrent('');
          setNext('');
        },
      },
    );
  };

  return (
    <ProfileSection title={t.title} testId="profile-account">
      <Stack as="form" gap="3" maxW="md" onSubmit={onChange} aria-label={t.changePassword}>
        <TextField
          label={t.currentPassword}
          required
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(value) => setCurrent(value)}
        />
        <TextField
          label={t.newPassword}
          required
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(value) => setNext(value)}
        />
        <FormFooter
          submitLabel={t.changePassword}
          tone="quiet"
          canSubmit={current !== '' && next !== ''}
          submitting={change.isPending}
          error={change.error}
        />
      </Stack>
      <Stack
        as="form"
        gap="3"
        maxW="md"
        aria-label={t.deleteTitle}
        onSubmit={(event) => {
          event.preventDefault();
          setConfirming(true);
        }}
      >
        <Text fontWeight="semibold">{t.deleteTitle}</Text>
        <Text fontSize="sm" color="fg.muted">
          {t.deleteHint}
        </Text>
        <TextField
          label={t.password}
          required
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(value) => setPassword(value)}
        />
        <FormFooter
          submitLabel={t.deleteButton}
          tone="danger"
          canSubmit={password !== ''}
          error={remove.error}
        />
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t.confirmTitle}
        body={t.confirmBody}
        confirmLabel={t.deleteButton}
        cancelLabel={usersStrings.admin.cancel}
        loading={remove.isPending}
        onConfirm={() => remove.mutate(password, { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </ProfileSection>
  );
}
