import { Badge, Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { ScrobbleAccount } from '../../../../domain/scrobbling';
import { notifySuccess } from '../../../lib/notify';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { FormFooter } from '../../../ui/form-footer';
import { LoadError } from '../../../ui/load-error';
import { TextField } from '../../../ui/text-field';
import { LASTFM_CONNECT_PATH, useScrobbling, useUpdateScrobbling } from '../api/scrobbling';
import { usersStrings } from '../strings';
import { ProfileSection } from './profile-section';

const t = usersStrings.scrobbling;

/** One service's state: who it is connected as, a refused token, the listens waiting. */
function AccountState({ account, testId }: { account: ScrobbleAccount; testId: string }) {
  return (
    <Stack gap="1" data-testid={testId}>
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={account.broken ? 'red' : account.connected ? 'green' : 'gray'}>
          {account.connected && account.userName !== null
            ? t.connectedAs(account.userName)
            : t.notConnected}
        </Badge>
      </HStack>
      {account.broken ? (
        <Text role="alert" color="fg.error">
          {t.broken}
        </Text>
      ) : null}
      {account.pending > 0 ? <Text color="fg.muted">{t.pending(account.pending)}</Text> : null}
    </Stack>
  );
}

function DisconnectButton({
  service,
  onClick,
  busy,
}: {
  service: string;
  onClick: () => void;
  busy: boolean;
}) {
  return (
    <Button
      size="sm"
      variant="outline"
      colorPalette="red"
      aria-label={t.disconnectLabel(service)}
      loading={busy}
      onClick={onClick}
    >
      {t.disconnect}
    </Button>
  );
}

/**
 * The account page's "Scrobbling" (issue 33): ListenBrainz by its user token, Last.fm by its
 * grant page. The server keeps the secrets and sends every listen; this shows the connection,
 * a refused token ("connect again") and the listens still waiting.
 */
export function ScrobblingSection() {
  const status = useScrobbling();
  const update = useUpdateScrobbling();
  const [token, setToken] = useState('');
  const lastfmFailed = new URLSearchParams(window.location.search).get('lastfm') === 'failed';

  const onConnect = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { listenbrainzToken: token.trim() },
      {
        onSuccess: () => {
          setToken('');
          notifySuccess(t.connected(t.listenbrainz));
        },
      },
    );
  };
  const disconnect = (body: { listenbrainzToken: null } | { lastfm: null }, service: string) =>
    update.mutate(body, { onSuccess: () => notifySuccess(t.disconnected(service)) });

  return (
    <ProfileSection title={t.title} testId="profile-scrobbling">
      <Text color="fg.muted">{t.intro}</Text>
      {status.isPending ? <CenteredSpinner label={t.loading} /> : null}
      {status.isError ? <LoadError error={status.error} /> : null}
      {status.data ? (
        <Stack gap="6">
          <Stack gap="3" role="group" aria-labelledby="scrobbling-listenbrainz">
            <Heading as="h3" size="sm" id="scrobbling-listenbrainz">
              {t.listenbrainz}
            </Heading>
            <AccountState
              account={status.data.listenbrainz}
              testId="scrobbling-listenbrainz-state"
            />
            {status.data.listenbrainz.connected ? (
              <HStack>
                <DisconnectButton
                  service={t.listenbrainz}
                  busy={update.isPending && update.variables?.listenbrainzToken === null}
                  onClick={() => disconnect({ listenbrainzToken: null }, t.listenbrainz)}
                />
              </HStack>
            ) : null}
            {!status.data.listenbrainz.connected || status.data.listenbrainz.broken ? (
              <Stack
                as="form"
                gap="3"
                maxW="md"
                onSubmit={onConnect}
                aria-label={t.connectListenBrainz}
              >
                <TextField
                  label={t.token}
                  helperText={t.tokenHint}
                  required
                  maxLength={100}
                  autoComplete="off"
                  value={token}
                  onChange={setToken}
                />
                <FormFooter
                  submitLabel={status.data.listenbrainz.broken ? t.reconnect : t.connect}
                  tone="quiet"
                  canSubmit={token.trim() !== ''}
                  submitting={
                    update.isPending && typeof update.variables?.listenbrainzToken === 'string'
                  }
                  error={update.error}
                />
              </Stack>
            ) : null}
          </Stack>
          <Stack gap="3" role="group" aria-labelledby="scrobbling-lastfm">
            <Heading as="h3" size="sm" id="scrobbling-lastfm">
              {t.lastfm}
            </Heading>
            {status.data.lastfm.available ? (
              <>
                <AccountState account={status.data.lastfm} testId="scrobbling-lastfm-state" />
                {lastfmFailed && !status.data.lastfm.connected ? (
                  <Text role="alert" color="fg.error">
                    {t.lastfmFailed}
                  </Text>
                ) : null}
                <HStack gap="3" wrap="wrap">
                  {!status.data.lastfm.connected || status.data.lastfm.broken ? (
                    <Button asChild size="sm" variant="surface">
                      <Link href={LASTFM_CONNECT_PATH}>
                        {status.data.lastfm.broken ? t.reconnectLastfm : t.connectLastfm}
                      </Link>
                    </Button>
                  ) : null}
                  {status.data.lastfm.connected ? (
                    <DisconnectButton
                      service={t.lastfm}
                      busy={update.isPending && update.variables?.lastfm === null}
                      onClick={() => disconnect({ lastfm: null }, t.lastfm)}
                    />
                  ) : null}
                </HStack>
              </>
            ) : (
              <Text color="fg.muted">{t.lastfmUnavailable}</Text>
            )}
          </Stack>
        </Stack>
      ) : null}
    </ProfileSection>
  );
}
