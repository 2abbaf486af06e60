import { Box, CloseButton, HStack, Stack, Text } from '@chakra-ui/react';
import type { PartyTrack, PartyVoteValue } from '../../../../domain/parties';
import { CoverImage } from '../../../ui/cover-image';
import { partyPageStrings as t } from '../strings';
import { VoteButtons } from './vote-buttons';

/** What comes next, in the party's order, with votes and (for the host) a remove button. */
export function UpcomingList({
  tracks,
  canVote,
  isHost,
  onVote,
  onRemove,
}: {
  tracks: PartyTrack[];
  canVote: boolean;
  isHost: boolean;
  onVote: (track: PartyTrack, vote: PartyVoteValue) => void;
  onRemove: (track: PartyTrack) => void;
}) {
  if (tracks.length === 0) return <Text color="fg.muted">{t.emptyQueue}</Text>;
  return (
    <Stack as="ol" gap="1" listStyleType="none" data-testid="party-upcoming">
      {tracks.map((track) => (
        <HStack
          as="li"
          key={track.trackId}
          gap="3"
          p="1"
          borderRadius="md"
          data-testid="party-track"
          data-title={track.title}
        >
          <CoverImage hash={track.imageHash} size="40px" />
          <Box flex="1" minW="0">
            <Text truncate fontWeight="medium">
              {track.title}
            </Text>
            <Text truncate textStyle="sm" color="fg.muted">
              {track.artists.join(', ')} · {t.addedBy(track.addedBy)}
            </Text>
          </Box>
          <VoteButtons track={track} disabled={!canVote} onVote={(vote) => onVote(track, vote)} />
          {isHost ? (
            <CloseButton
              size="sm"
              aria-label={t.remove(track.title)}
              onClick={() => onRemove(track)}
            />
          ) : null}
        </HStack>
      ))}
    </Stack>
  );
}
