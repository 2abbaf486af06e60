import { Box, Grid, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import type { PartyState, PartyTrackInfo } from '../../../../domain/parties';
import { readHostedParty, setHostedParty } from '../../../common/parties/hosted-party';
import { endParty, partyQuery } from '../../../common/parties/party-api';
import { queryKeys } from '../../../common/query-keys';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { CoverImage } from '../../../ui/cover-image';
import { PageHeading } from '../../../ui/page-heading';
import { addPartyTrack, removePartyGuest, removePartyTrack, voteOnTrack } from '../api/party-calls';
import { partyPageStrings as t } from '../strings';
import { HostControls } from './host-controls';
import { PartySearch } from './party-search';
import { UpcomingList } from './upcoming-list';

/** Why the party cannot be shown: ended (404), signed out (401), removed (403), or a failure. */
function PartyRefusal({ error, token }: { error: unknown; token: string }) {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 401)
    return (
      <Text role="alert" py="6">
        {t.signIn}{' '}
        <Link asChild>
          <RouterLink to="/login" search={{ redirect: `/party/${token}` }}>
            {t.signInLink}
          </RouterLink>
        </Link>
      </Text>
    );
  const message = status === 404 ? t.ended : status === 403 ? t.removed : t.failed;
  return (
    <Text
      role="alert"
      color="fg.muted"
      py="6"
      data-testid={status === 404 ? 'party-ended' : undefined}
    >
      {message}
    </Text>
  );
}

function NowPlaying({ track }: { track: PartyState['nowPlaying'] }) {
  return (
    <Stack as="section" aria-label={t.nowPlaying} gap="2" data-testid="party-now-playing">
      <Text as="h2" fontWeight="semibold">
        {t.nowPlaying}
      </Text>
      {track === null ? (
        <Text color="fg.muted">{t.nothingPlaying}</Text>
      ) : (
        <HStack gap="3">
          <CoverImage hash={track.imageHash} size="64px" />
          <Box minW="0">
            <Text fontWeight="medium" truncate>
              {track.title}
            </Text>
            <Text textStyle="sm" color="fg.muted" truncate>
              {track.artists.join(', ')} · {track.collectionName}
            </Text>
          </Box>
        </HStack>
      )}
    </Stack>
  );
}

/**
 * /party/{token} (issue 50): what the host's device plays and what comes next, in the order of
 * the votes; guests add tracks they may play and vote; the host also removes tracks and guests
 * and ends the party. Asked again every 2.5 s (decision 0067).
 */
export function PartyPage({ token }: { token: string }) {
  const client = useQueryClient();
  const party = useQuery(partyQuery(token));
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.party.state(token) });
  if (party.isPending) return <CenteredSpinner label={t.loading} />;
  // An ended party shows as ended even if an earlier answer is still cached.
  if (party.isError) return <PartyRefusal error={party.error} token={token} />;
  const state = party.data;
  const act = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } finally {
      await refresh();
    }
  };
  const add = async (track: PartyTrackInfo) => {
    await act(() => addPartyTrack(token, track.fileId));
    notifySuccess(t.added(track.title));
  };
  const end = async () => {
    await endParty(state.partyId);
    if (readHostedParty()?.partyId === state.partyId) setHostedParty(null);
    await refresh();
  };
  return (
    <Box>
      <PageHeading title={t.title(state.hostName)} />
      <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="8">
        <Stack gap="6">
          <NowPlaying track={state.nowPlaying} />
          <Stack as="section" aria-label={t.upNext} gap="2">
            <Text as="h2" fontWeight="semibold">
              {t.upNext}
            </Text>
            <UpcomingList
              tracks={state.upcoming}
              canVote={state.canAdd}
              isHost={state.isHost}
              onVote={(track, vote) => void act(() => voteOnTrack(token, track.trackId, vote))}
              onRemove={(track) => void act(() => removePartyTrack(state.partyId, track.trackId))}
            />
          </Stack>
        </Stack>
        <Stack gap="6">
          {state.canAdd ? (
            state.trackCount >= state.maxTracks ? (
              <Text color="fg.muted">{t.full(state.maxTracks)}</Text>
            ) : (
              <PartySearch token={token} onAdd={add} />
            )
          ) : null}
          {state.isHost ? (
            <HostControls
              guests={state.guests}
              allowAnonymous={state.allowAnonymous}
              onRemoveGuest={(guest) =>
                void act(() => removePartyGuest(state.partyId, guest.guestId))
              }
              onEnd={end}
            />
          ) : null}
        </Stack>
      </Grid>
    </Box>
  );
}
