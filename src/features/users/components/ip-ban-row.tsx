import { Badge, Button, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useIpBanState, useSetIpBanned } from '../api/moderation';
import { usersStrings } from '../strings';

const t = usersStrings.admin;

/**
 * Loopback and private ranges: what a reverse proxy or a home router makes every visitor look
 * like, so banning one can shut out everybody.
 */
export function isLocalAddress(ip: string): boolean {
  const v4 = ip.replace(/^::ffff:/i, '');
  return (
    ip === '::1' ||
    /^(127|10)\./.test(v4) ||
    /^192\.168\./.test(v4) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(v4) ||
    /^f[cd]/i.test(ip) ||
    /^fe80:/i.test(ip)
  );
}

/** One address of a user: its state and the one action that changes it; a ban asks first. */
export function IpBanRow({ ip }: { ip: string }) {
  const state = useIpBanState(ip);
  const change = useSetIpBanned();
  const [confirming, setConfirming] = useState(false);
  const banned = state.data?.banned === true;
  const set = (ban: boolean) =>
    change.mutate(
      { ip, banned: ban },
      {
        onSuccess: () => notifySuccess(ban ? t.ipBanned : t.ipUnbanned),
        onError: (error) => notifyError(error.message),
        onSettled: () => setConfirming(false),
      },
    );
  return (
    <Flex wrap="wrap" gap="2" align="center">
      <Text fontFamily="mono" minW="36">
        {ip}
      </Text>
      {banned ? <Badge colorPalette="red">{t.ipBannedNow}</Badge> : null}
      {state.isSuccess ? (
        banned ? (
          <Button size="sm" variant="outline" loading={change.isPending} onClick={() => set(false)}>
            {t.unbanIp(ip)}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            onClick={() => setConfirming(true)}
          >
            {t.banIp(ip)}
          </Button>
        )
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t.banIpTitle(ip)}
        body={isLocalAddress(ip) ? t.banLocalIpBody : t.banIpBody}
        confirmLabel={t.banIp(ip)}
        cancelLabel={t.cancel}
        loading={change.isPending}
        onConfirm={() => set(true)}
        onClose={() => setConfirming(false)}
      />
    </Flex>
  );
}
