import { atom, useAtomValue } from 'jotai';
import { useMemo } from 'react';

/**
 * What the player is playing, for screens outside the player feature (file lists, playlists,
 * the collection's Play button). Written only by the player engine; a feature must not import
 * the player's own atoms (ARCHITECTURE.md). Track changes only: the position never lands here,
 * so lists re-render when the track changes and never on the clock.
 */
export const nowPlayingFileIdAtom = atom<number | null>(null);
export const nowPlayingCollectionIdAtom = atom<number | null>(null);
export const nowPlayingPausedAtom = atom(true);

/** True for the row of the current file; only the rows whose answer changes re-render. */
export function useIsNowPlaying(fileId: number | undefined): boolean {
  const isCurrent = useMemo(
    () => atom((get) => fileId !== undefined && get(nowPlayingFileIdAtom) === fileId),
    [fileId],
  );
  return useAtomValue(isCurrent);
}

/** 'playing' or 'paused' for the row of the current file (its play button turns to pause). */
export function useFilePlayback(fileId: number | undefined): 'playing' | 'paused' | null {
  const state = useMemo(
    () =>
      atom((get) => {
        if (fileId === undefined || get(nowPlayingFileIdAtom) !== fileId) return null;
        return get(nowPlayingPausedAtom) ? 'paused' : 'playing';
      }),
    [fileId],
  );
  return useAtomValue(state);
}

/** 'playing' or 'paused' while the current track comes from `collectionId`, else null. */
export function useCollectionPlayback(collectionId: number): 'playing' | 'paused' | null {
  const state = useMemo(
    () =>
      atom((get) => {
        if (get(nowPlayingCollectionIdAtom) !== collectionId) return null;
        return get(nowPlayingPausedAtom) ? 'paused' : 'playing';
      }),
    [collectionId],
  );
  return useAtomValue(state);
}
