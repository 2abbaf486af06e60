import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import { currentTrackAtom } from '../state/player-atoms';
import type { PlayerUiProps } from './player-bar-props';
import { loadWhenOnline } from '../../../lib/load-when-online';

const PlayerBar = lazy(() => loadWhenOnline(() => import('./player-bar')));

/** The engine is code-split from the first load; everything that plays imports it anyway. */
export const loadPlayerEngine = () =>
  import('../engine/player-engine').then((module) => module.getPlayerEngine());

/**
 * Always mounted by the root route: restores the saved queue (paused) once and shows the bar
 * while a track is loaded. `onLoadedChange` lets the shell move its footer (features do not
 * import each other; the root route wires this to the shell's atom).
 */
export function PlayerRoot({
  onLoadedChange,
  ...props
}: PlayerUiProps & { onLoadedChange: (loaded: boolean) => void }) {
  const track = useAtomValue(currentTrackAtom);
  useEffect(() => {
    void loadPlayerEngine().then((engine) => engine.restore());
  }, []);
  useEffect(() => onLoadedChange(track !== null), [track, onLoadedChange]);
  if (!track) return null;
  return (
    <Suspense fallback={null}>
      <PlayerBar {...props} />
    </Suspense>
  );
}
