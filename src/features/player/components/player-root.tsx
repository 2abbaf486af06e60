import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import { currentTrackAtom } from '../state/current-track';
import type { PlayerUiProps } from './player-bar-props';
import { loadWhenOnline } from '../../../lib/load-when-online';

const PlayerBar = lazy(() => loadWhenOnline(() => import('./player-bar')));
const ContinuePrompt = lazy(() => loadWhenOnline(() => import('./continue-prompt')));

/** The engine is code-split from the first load; everything that plays imports it anyway. */
export const loadPlayerEngine = () =>
  import('../engine/engine').then((module) => module.getPlayerEngine());

/**
 * Always mounted by the root route: restores the saved queue (paused) once, shows the bar
 * while a track is loaded, and offers a queue another device saved (continue-prompt).
 * `onLoadedChange` lets the shell move its footer (features do not import each other; the root
 * route wires this to the shell's atom).
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
  // Signed in (a liked playlist): a queue saved by a phone app may be offered here.
  const signedIn = props.likedPlaylist !== null;
  return (
    <>
      {track ? (
        <Suspense fallback={null}>
          <PlayerBar {...props} />
        </Suspense>
      ) : null}
      {signedIn ? (
        <Suspense fallback={null}>
          <ContinuePrompt />
        </Suspense>
      ) : null}
    </>
  );
}
