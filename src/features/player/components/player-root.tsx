import { getDefaultStore, useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import { currentTrackAtom } from '../state/current-track';
import type { PlayerUiProps } from './player-bar-props';
import { loadWhenOnline } from '../../../lib/load-when-online';
import { provideRadioStarter } from '../../../common/playback/radio';

const PlayerBar = lazy(() => loadWhenOnline(() => import('./player-bar')));
const ContinuePrompt = lazy(() => loadWhenOnline(() => import('./continue-prompt')));
const RemoteBar = lazy(() => loadWhenOnline(() => import('../devices/remote-bar')));

// Menus start a radio through src/common/playback/radio.ts; its session loads on first use.
provideRadioStarter((seed) =>
  import('../radio/radio-session').then((radio) => radio.startRadio(seed)),
);

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
    void loadPlayerEngine()
      .then((engine) => engine.restore())
      // A radio the queue was in goes on filling it (its session loads only when one was kept).
      .then(() =>
        localStorage.getItem('radio-session') === null
          ? undefined
          : import('../radio/radio-session').then((radio) => radio.resumeRadio()),
      );
  }, []);
  // The bar at the bottom: this device's player, or the one saying another device plays.
  const [remoteShown, setRemoteShown] = useState(false);
  useEffect(
    () => onLoadedChange(track !== null || remoteShown),
    [track, remoteShown, onLoadedChange],
  );
  // Signed in (a liked playlist): a queue saved by a phone app may be offered here.
  const signedIn = props.likedPlaylist !== null;
  // Signed in, this app is one of the user's devices (issue 50): seen and steered by the others.
  useEffect(() => {
    if (!signedIn) return;
    let unlink: (() => void) | null = null;
    let gone = false;
    void Promise.all([loadPlayerEngine(), import('../devices/device-link')])
      .then(([engine, { linkDevice }]) => linkDevice(engine, getDefaultStore()))
      .then((off) => (gone ? off() : (unlink = off)));
    return () => {
      gone = true;
      unlink?.();
    };
  }, [signedIn]);
  // Signed in and hosting a listening party (issue 50): the queue follows the party's votes.
  useEffect(() => {
    if (!signedIn) return;
    let unlink: (() => void) | null = null;
    let gone = false;
    void Promise.all([loadPlayerEngine(), import('../party/party-link')])
      .then(([engine, { linkParty }]) => linkParty(engine, getDefaultStore()))
      .then((off) => (gone ? off() : (unlink = off)));
    return () => {
      gone = true;
      unlink?.();
    };
  }, [signedIn]);
  return (
    <>
      {track ? (
        <Suspense fallback={null}>
          <PlayerBar {...props} />
        </Suspense>
      ) : null}
      {track === null && signedIn ? (
        <Suspense fallback={null}>
          <RemoteBar onShown={setRemoteShown} />
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
