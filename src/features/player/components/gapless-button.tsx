import { Button, Stack, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { getPlayerEngine } from '../engine/engine';
import { gaplessAtom } from '../state/player-atoms';
import { playerStrings as t } from '../strings';

/**
 * Turns sample-accurate gapless playback on or off (decision 0052). The help under it says
 * what it costs (a lossy original travels as FLAC), so a listener on a metered connection
 * knows why to leave it off.
 */
export function GaplessButton() {
  const on = useAtomValue(gaplessAtom);
  return (
    <Stack gap="1" align="start" maxW="sm">
      <Button
        size="sm"
        variant={on ? 'subtle' : 'ghost'}
        colorPalette={on ? 'brand' : 'gray'}
        aria-pressed={on}
        aria-describedby="gapless-hint"
        onClick={() => getPlayerEngine().setGapless(!on)}
        data-testid="gapless-playback"
      >
        {t.gapless(on)}
      </Button>
      <Text id="gapless-hint" fontSize="sm" color="fg.muted">
        {t.gaplessHint}
      </Text>
    </Stack>
  );
}
