import { useAtomValue } from 'jotai';
import { longListeningStrings as t } from '../long-listening-strings';
import { stationTitleAtom } from '../state/long-listening-atoms';

/**
 * What the playing station says it plays (its ICY title, issue 49), where a track's artists
 * go; the engine asks for it every 10 s while the station plays.
 */
export function StationTitle() {
  const title = useAtomValue(stationTitleAtom);
  if (!title) return null;
  return (
    <span data-testid="player-station-title" title={t.stationNowPlaying}>
      {title}
    </span>
  );
}
