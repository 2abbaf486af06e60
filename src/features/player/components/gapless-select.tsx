import { useAtomValue } from 'jotai';
import { gaplessMode, GAPLESS_MODES } from '../../../../domain/gapless';
import { getPlayerEngine } from '../engine/engine';
import { gaplessAtom } from '../state/player-atoms';
import { playerStrings as t } from '../strings';
import { SettingSelect } from './setting-select';

/**
 * Which tracks play sample-accurate gapless (decisions 0052 and 0060). The hint says what the
 * choice costs (previews travel as FLAC), so a listener on a metered connection knows why to
 * keep the default.
 */
export function GaplessSelect() {
  const mode = useAtomValue(gaplessAtom);
  return (
    <SettingSelect
      label={t.gapless}
      value={mode}
      choices={GAPLESS_MODES}
      name={(choice) => t.gaplessChoice[choice]}
      onChange={(raw) => getPlayerEngine().setGapless(gaplessMode(raw))}
      hint={t.gaplessHint[mode]}
      testId="gapless-playback"
      maxW="xs"
    />
  );
}
