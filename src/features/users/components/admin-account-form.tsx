import { Field, Input, NativeSelect, SimpleGrid, Stack, Switch } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { parseCount } from '../../../../domain/profile-form';
import { centsToUnits, unitsToCents } from '../../../../domain/store-forms';
import type { User, UserUpdate } from '../../../../domain/user';
import { notifySuccess } from '../../../lib/notify';
import { useSaveUser } from '../api/profile-mutations';
import { useRoles } from '../../../common/roles/get-roles';
import { usersStrings } from '../strings';
import { FormFooter } from '../../../ui/form-footer';
import { TextField } from '../../../ui/text-field';

const t = usersStrings.admin;
const p = usersStrings.profile;

const countText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** Every admin field of POST /api/user/{id}; the balance is typed in units and sent x100. */
export function AdminAccountForm({ user }: { user: User }) {
  const save = useSaveUser(user.userId);
  const roles = useRoles();
  const [downloads, setDownloads] = useState(countText(user.remainingDownloads));
  const [requests, setRequests] = useState(countText(user.remainingRequests));
  const [invites, setInvites] = useState(String(user.remainingInvites ?? 0));
  const [email, setEmail] = useState(user.userEmail ?? '');
  const [confirmed, setConfirmed] = useState(user.emailConfirmed ?? false);
  const [roleId, setRoleId] = useState(String(user.roleId));
  const [balance, setBalance] = useState(centsToUnits(user.userBalance ?? 0));

  const parsedDownloads = parseCount(downloads);
  const parsedRequests = parseCount(requests);
  const parsedInvites = /^\d{1,9}$/.test(invites.trim()) ? Number(invites) : null;
  const cents = unitsToCents(balance);
  const valid = parsedDownloads.ok && parsedRequests.ok && parsedInvites !== null && cents !== null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || !parsedDownloads.ok || !parsedRequests.ok) return;
    const body: UserUpdate = {
      remainingDownloads: parsedDownloads.value,
      remainingRequests: parsedRequests.value,
      remainingInvites: parsedInvites ?? 0,
      userEmail: email.trim(),
      emailConfirmed: confirmed,
      roleId: Number(roleId),
      userBalance: cents ?? 0,
    };
    save.mutate(body, { onSuccess: () => notifySuccess(usersStrings.edit.saved) });
  };

  return (
    <Stack as="form" gap="4" onSubmit={onSubmit} aria-label={t.save}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField
          label={p.remainingDownloads}
          invalid={!parsedDownloads.ok}
          inputMode="numeric"
          value={downloads}
          onChange={(value) => setDownloads(value)}
          errorText={t.countError}
        />
        <TextField
          label={p.remainingRequests}
          invalid={!parsedRequests.ok}
          inputMode="numeric"
          value={requests}
          onChange={(value) => setRequests(value)}
          errorText={t.countError}
        />
        <Field.Root invalid={parsedInvites === null}>
          <Field.Label>{p.remainingInvites}</Field.Label>
          <Input inputMode="numeric" value={invites} onChange={(e) => setInvites(e.target.value)} />
          <Field.ErrorText>{t.invitesError}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={cents === null}>
          <Field.Label>{t.balance}</Field.Label>
          <Input inputMode="decimal" value={balance} onChange={(e) => setBalance(e.target.value)} />
          <Field.ErrorText>{t.balanceError}</Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{p.email}</Field.Label>
          <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field.Root>
        <Field.Root>
          <Field.Label>{p.role}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={roleId} onChange={(e) => setRoleId(e.target.value)}>
              {(roles.data ?? []).map((role) => (
                <option key={role.roleId} value={role.roleId}>
                  {role.roleName}
                </option>
              ))}
              {roles.data?.some((r) => r.roleId === user.roleId) ? null : (
                <option value={user.roleId}>{user.roleId}</option>
              )}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SimpleGrid>
      <Switch.Root checked={confirmed} onCheckedChange={(e) => setConfirmed(e.checked)}>
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{p.emailConfirmed}</Switch.Label>
      </Switch.Root>
      <FormFooter
        submitLabel={t.save}
        canSubmit={valid}
        submitting={save.isPending}
        error={save.error}
      />
    </Stack>
  );
}
