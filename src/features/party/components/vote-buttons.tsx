import { HStack, IconButton, Text } from '@chakra-ui/react';
import type { PartyTrack, PartyVoteValue } from '../../../../domain/parties';
import { partyPageStrings as t } from '../strings';

const Arrow = ({ down }: { down?: boolean }) => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" fill="currentColor">
    <path d={down ? 'M7 10l5 5 5-5z' : 'M7 14l5-5 5 5z'} />
  </svg>
);

/** Up and down votes of one track; pressing one's own vote again takes it back. */
export function VoteButtons({
  track,
  disabled,
  onVote,
}: {
  track: PartyTrack;
  disabled: boolean;
  onVote: (vote: PartyVoteValue) => void;
}) {
  const toggle = (vote: 1 | -1) => onVote(track.myVote === vote ? 0 : vote);
  return (
    <HStack gap="0">
      <IconButton
        size="sm"
        variant={track.myVote === 1 ? 'solid' : 'ghost'}
        aria-label={t.voteUp(track.title)}
        aria-pressed={track.myVote === 1}
        disabled={disabled}
        onClick={() => toggle(1)}
      >
        <Arrow />
      </IconButton>
      <Text
        minW="8"
        textAlign="center"
        fontVariantNumeric="tabular-nums"
        aria-label={t.scoreLabel(track.score)}
        data-testid="party-score"
      >
        {t.score(track.score)}
      </Text>
      <IconButton
        size="sm"
        variant={track.myVote === -1 ? 'solid' : 'ghost'}
        aria-label={t.voteDown(track.title)}
        aria-pressed={track.myVote === -1}
        disabled={disabled}
        onClick={() => toggle(-1)}
      >
        <Arrow down />
      </IconButton>
    </HStack>
  );
}
