import { Field, NativeSelect } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { gaplessMode, GAPLESS_MODES } from '../../../../domain/gapless';
import { getPlayerEngine } from '../engine/engine';
import { gaplessAtom } from '../state/player-atoms';
import { playerStrings as t } from '../strings';

/**
 * Which tracks play sample-accurate gapless (decision 0052). The help under it says what each
 * choice costs (a lossy original travels as FLAC), so a listener on a metered connection knows
 * why to keep the default. A native select, like the crossfade beside it.
 */
export function GaplessSelect() {
  const mode = useAtomValue(gaplessAtom);
  return (
    <Field.Root maxW="xs">
      <Field.Label fontSize="sm">{t.gapless}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={mode}
          onChange={(event) => getPlayerEngine().setGapless(gaplessMode(event.currentTarget.value))}
          data-testid="gapless-playback"
        >
          {GAPLESS_MODES.map((value) => (
            <option key={value} value={value}>
              {t.gaplessChoice[value]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>{t.gaplessHint[mode]}</Field.HelperText>
    </Field.Root>
  );
}
