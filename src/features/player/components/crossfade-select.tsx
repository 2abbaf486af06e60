import { useAtomValue } from 'jotai';
import { CROSSFADE_CHOICES, crossfadeSeconds } from '../../../../domain/crossfade';
import { getPlayerEngine } from '../engine/engine';
import { crossfadeAtom } from '../state/player-atoms';
import { playerStrings as t } from '../strings';
import { SettingSelect } from './setting-select';

/** Crossfade between tracks, 0 (off, the default) to 12 s (decision 0052 "Crossfade"). */
export function CrossfadeSelect() {
  const seconds = useAtomValue(crossfadeAtom);
  return (
    <SettingSelect
      label={t.crossfade}
      value={seconds}
      choices={CROSSFADE_CHOICES}
      name={t.crossfadeChoice}
      onChange={(raw) => getPlayerEngine().setCrossfade(crossfadeSeconds(raw))}
      hint={t.crossfadeHint}
      testId="crossfade"
      maxW="44"
    />
  );
}
