import { Button } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { NORMALISE_MODES } from '../../../../domain/loudness-gain';
import { getPlayerEngine } from '../engine/engine';
import { normaliseAtom } from '../state/player-atoms';
import { playerStrings as t } from '../strings';

/** Cycles volume normalisation off, track, album (decision 0029); the label says the mode. */
export function NormaliseButton() {
  const mode = useAtomValue(normaliseAtom);
  const next = NORMALISE_MODES[(NORMALISE_MODES.indexOf(mode) + 1) % NORMALISE_MODES.length]!;
  return (
    <Button
      size="sm"
      variant={mode === 'off' ? 'ghost' : 'subtle'}
      colorPalette={mode === 'off' ? 'gray' : 'brand'}
      onClick={() => getPlayerEngine().setNormalise(next)}
      data-testid="normalise-volume"
    >
      {t.normalise(t.normaliseModes[mode])}
    </Button>
  );
}
