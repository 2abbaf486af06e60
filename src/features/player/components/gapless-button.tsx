import { Button } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { getPlayerEngine } from '../engine/engine';
import { gaplessAtom } from '../state/player-atoms';
import { playerStrings as t } from '../strings';

/**
 * Turns sample-accurate gapless playback on or off (decision 0052). Off by default: a lossy
 * original then travels as FLAC, which costs more data.
 */
export function GaplessButton() {
  const on = useAtomValue(gaplessAtom);
  return (
    <Button
      size="sm"
      variant={on ? 'subtle' : 'ghost'}
      colorPalette={on ? 'brand' : 'gray'}
      aria-pressed={on}
      title={t.gaplessHint}
      onClick={() => getPlayerEngine().setGapless(!on)}
      data-testid="gapless-playback"
    >
      {t.gapless(on)}
    </Button>
  );
}
