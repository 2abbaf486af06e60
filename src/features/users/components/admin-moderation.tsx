import { Button, Clipboard, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { User } from '../../../../domain/user';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useDeleteUser, useResetLink, useSetBanned } from '../api/moderation';
import { usersStrings } from '../strings';
import { IpBanRow } from './ip-ban-row';

const t = usersStrings.admin;

const failed = (error: Error) => notifyError(error.message);

/** Ban, IP bans, a reset link to pass on, and deletion; the final steps ask first. */
export function AdminModeration({ user, isSelf }: { user: User; isSelf: boolean }) {
  const banned = useSetBanned(user.userId);
  const reset = useResetLink();
  const remove = useDeleteUser(user.userId, t.deleted);
  const [confirming, setConfirming] = useState<'ban' | 'delete' | null>(null);
  const ips = [...new Set([user.lastLoginIp, user.registerIp].filter((ip) => ip != null))];
  const link = reset.data
    ? `${window.location.origin}/login?resetToken=${encodeURIComponent(reset.data.passwordResetRequestCode)}`
    : null;

  return (
    <Stack gap="5">
      <Flex wrap="wrap" gap="2">
        {user.isBanned ? (
          <Button
            variant="outline"
            loading={banned.isPending}
            onClick={() =>
              banned.mutate(false, { onSuccess: () => notifySuccess(t.unbanned), onError: failed })
            }
          >
            {t.unban}
          </Button>
        ) : (
          <Button
            variant="outline"
            colorPalette="red"
            disabled={isSelf}
            onClick={() => setConfirming('ban')}
          >
            {t.ban}
          </Button>
        )}
        <Button
          variant="outline"
          disabled={!user.userEmail}
          loading={reset.isPending}
          onClick={() => reset.mutate(user.userEmail ?? '', { onError: failed })}
        >
          {t.resetLink}
        </Button>
        <Button
          variant="outline"
          colorPalette="red"
          disabled={isSelf}
          onClick={() => setConfirming('delete')}
        >
          {t.delete}
        </Button>
      </Flex>
      {link && reset.data ? (
        <Clipboard.Root value={link}>
          <Clipboard.Label>{t.resetLinkLabel}</Clipboard.Label>
          <HStack>
            <Clipboard.Input asChild>
              <Input readOnly data-testid="reset-link" />
            </Clipboard.Input>
            <Clipboard.Trigger asChild>
              <Button variant="surface">
                <Clipboard.Indicator copied={usersStrings.actions.copied}>
                  {usersStrings.actions.copy}
                </Clipboard.Indicator>
              </Button>
            </Clipboard.Trigger>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {t.resetExpires(new Date(reset.data.passwordResetRequestExpires).toLocaleString())}
          </Text>
        </Clipboard.Root>
      ) : null}
      <Stack gap="2">
        <Text fontWeight="semibold">{t.ipTitle}</Text>
        {ips.length === 0 ? <Text color="fg.muted">{t.noIp}</Text> : null}
        {ips.map((ip) => (
          <IpBanRow key={ip} ip={ip} />
        ))}
      </Stack>
      <ConfirmDialog
        open={confirming === 'ban'}
        title={t.banTitle(user.userName)}
        body={t.banBody}
        confirmLabel={t.ban}
        cancelLabel={t.cancel}
        loading={banned.isPending}
        onConfirm={() =>
          banned.mutate(true, {
            onSuccess: () => notifySuccess(t.banned),
            onError: failed,
            onSettled: () => setConfirming(null),
          })
        }
        onClose={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        title={t.deleteTitle(user.userName)}
        body={t.deleteBody}
        confirmLabel={t.delete}
        cancelLabel={t.cancel}
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onError: failed,
            onSettled: () => setConfirming(null),
          })
        }
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
