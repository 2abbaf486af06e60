import { Button, Clipboard, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { AppPassword } from '../../../../domain/app-password';
import { formatDateTime } from '../../../../domain/format';
import { useAppPasswords, useCreateAppPassword, useRevokeAppPassword } from '../api/app-passwords';
import { notifySuccess } from '../../../lib/notify';
import { RevokeButton, RevokeConfirm } from '../../../ui/revoke';
import { DataTable, type DataColumn } from '../../../ui/data-table';
import { FormFooter } from '../../../ui/form-footer';
import { TextField } from '../../../ui/text-field';
import { usersStrings } from '../strings';
import { ProfileSection } from './profile-section';

const t = usersStrings.appPasswords;

const COLUMNS: ReadonlyArray<DataColumn<AppPassword>> = [
  { id: 'name', header: t.columnName, cell: (row) => row.name },
  { id: 'created', header: t.columnCreated, cell: (row) => formatDateTime(row.createdAt) },
  {
    id: 'lastUsed',
    header: t.columnLastUsed,
    cell: (row) => (row.lastUsedAt === null ? t.never : formatDateTime(row.lastUsedAt)),
  },
];

/** A value to type into an app, with a button that copies it. */
function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Clipboard.Root value={value} maxW="md">
      <Clipboard.Label>{label}</Clipboard.Label>
      <HStack>
        <Clipboard.Input asChild>
          <Input readOnly data-testid={testId} fontFamily="mono" />
        </Clipboard.Input>
        <Clipboard.Trigger asChild>
          <Button variant="surface" aria-label={`${t.copy}: ${label}`}>
            <Clipboard.Indicator copied={t.copied}>{t.copy}</Clipboard.Indicator>
          </Button>
        </Clipboard.Trigger>
      </HStack>
    </Clipboard.Root>
  );
}

/**
 * The account page's "Phone and desktop apps" (issue 29): what to type into a Subsonic app
 * (this server's address, the username) and the app passwords it signs in with. A new
 * password is shown once, right here, until dismissed; the list says when each was last used.
 */
export function AppPasswordsSection({ userName }: { userName: string }) {
  const list = useAppPasswords();
  const create = useCreateAppPassword();
  const revoke = useRevokeAppPassword();
  const [name, setName] = useState('');
  const [revoking, setRevoking] = useState<AppPassword | null>(null);
  const created = create.data;

  const onCreate = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name.trim(), { onSuccess: () => setName('') });
  };

  return (
    <ProfileSection title={t.title} testId="profile-app-passwords">
      <Text color="fg.muted">{t.intro}</Text>
      <Stack gap="3">
        <CopyField label={t.server} value={window.location.origin} testId="app-server-address" />
        <CopyField label={t.username} value={userName} testId="app-username" />
      </Stack>
      <Stack as="form" gap="3" maxW="md" onSubmit={onCreate} aria-label={t.create}>
        <TextField
          label={t.name}
          helperText={t.nameHint}
          required
          maxLength={64}
          value={name}
          onChange={setName}
        />
        <FormFooter
          submitLabel={t.create}
          tone="quiet"
          canSubmit={name.trim() !== ''}
          submitting={create.isPending}
          error={create.error}
        />
      </Stack>
      {created ? (
        <Stack
          gap="2"
          borderWidth="1px"
          borderColor="border.emphasized"
          borderRadius="md"
          p="4"
          role="status"
          data-testid="new-app-password"
        >
          <CopyField
            label={t.created(created.name)}
            value={created.password}
            testId="app-password"
          />
          <Text fontWeight="semibold">{t.showOnce}</Text>
          <HStack>
            <Button size="sm" variant="outline" onClick={() => create.reset()}>
              {t.done}
            </Button>
          </HStack>
        </Stack>
      ) : null}
      <Stack gap="2" role="region" aria-labelledby="app-passwords-list">
        <Heading as="h3" size="sm" id="app-passwords-list">
          {t.listLabel}
        </Heading>
        <DataTable
          columns={COLUMNS}
          rows={list.data}
          rowKey={(row) => row.appPasswordId}
          loading={list.isPending}
          loadingLabel={t.loading}
          error={list.error}
          empty={t.empty}
          rowProps={(row) => ({ 'data-testid': `app-password-row-${row.appPasswordId}` })}
          rowActions={(row) => (
            <RevokeButton
              label={t.revokeLabel(row.name)}
              text={t.revoke}
              onClick={() => setRevoking(row)}
            />
          )}
        />
      </Stack>
      <RevokeConfirm
        row={revoking}
        title={(row) => t.revokeTitle(row.name)}
        body={t.revokeBody}
        confirmLabel={t.revoke}
        cancelLabel={t.cancel}
        loading={revoke.isPending}
        revoke={(row, done) =>
          revoke.mutate(row.appPasswordId, {
            onSuccess: () => notifySuccess(t.revoked),
            onSettled: done,
          })
        }
        onClose={() => setRevoking(null)}
      />
    </ProfileSection>
  );
}
