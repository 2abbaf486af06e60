import { Field, NativeSelect } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { CROSSFADE_CHOICES, crossfadeSeconds } from '../../../../domain/crossfade';
import { getPlayerEngine } from '../engine/engine';
import { crossfadeAtom } from '../state/player-atoms';
import { playerStrings as t } from '../strings';

/**
 * Crossfade between tracks, 0 (off, the default) to 12 s (decision 0052 "Crossfade"). A native
 * select: labelled, and the keyboard and screen readers know it without help.
 */
export function CrossfadeSelect() {
  const seconds = useAtomValue(crossfadeAtom);
  return (
    <Field.Root maxW="44">
      <Field.Label fontSize="sm">{t.crossfade}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={String(seconds)}
          onChange={(event) =>
            getPlayerEngine().setCrossfade(crossfadeSeconds(event.currentTarget.value))
          }
          data-testid="crossfade"
        >
          {CROSSFADE_CHOICES.map((value) => (
            <option key={value} value={value}>
              {t.crossfadeChoice(value)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>{t.crossfadeHint}</Field.HelperText>
    </Field.Root>
  );
}
