import type { getDefaultStore } from 'jotai';
import { elementVolume, normaliseGainDb, queueMeasure } from '../../../../domain/loudness-gain';
import {
  nowPlayingCollectionIdAtom,
  nowPlayingFileIdAtom,
  nowPlayingPausedAtom,
} from '../../../lib/now-playing';
import {
  currentTrackAtom,
  indexAtom,
  normaliseAtom,
  pausedAtom,
  queueAtom,
  volumeAtom,
} from '../state/player-atoms';

type Store = ReturnType<typeof getDefaultStore>;

/** Screens outside the player see the current track through src/lib/now-playing.ts. */
export function mirrorNowPlaying(store: Store): void {
  store.sub(currentTrackAtom, () => {
    const track = store.get(currentTrackAtom);
    store.set(nowPlayingFileIdAtom, track?.fileId ?? null);
    store.set(nowPlayingCollectionIdAtom, track?.collectionId ?? null);
  });
  store.sub(pausedAtom, () => store.set(nowPlayingPausedAtom, store.get(pausedAtom)));
}

/**
 * The listener's volume times the normalisation gain (decision 0029) of the active track and of
 * the one the spare element preloads (-1: none).
 */
export function elementLevels(store: Store, spareIndex: number): [number, number] {
  const queue = store.get(queueAtom);
  const mode = store.get(normaliseAtom);
  const volume = store.get(volumeAtom);
  const level = (index: number) =>
    elementVolume(volume, normaliseGainDb(queueMeasure(queue, index, mode)));
  return [level(store.get(indexAtom)), level(spareIndex)];
}
