import type { Track } from '../../../domain/track';

/**
 * What other screens may ask of the player. Routes obtain it with usePlayerControls() and pass
 * callbacks down, so features never import each other (ARCHITECTURE.md).
 */
export interface PlayerControls {
  /** Replaces the queue with `tracks` and starts playing at `startIndex`. */
  playTracks(tracks: Track[], startIndex?: number): void;
  /** Appends to the queue without interrupting playback. */
  enqueue(tracks: Track[]): void;
  /** Loads the collections (POST /api/audio_collection/bulk) and plays every file with audio. */
  playCollections(collectionIds: number[]): Promise<void>;
}

/** Placeholder until the player engine lands (issue 5 replaces this module's implementation). */
export function usePlayerControls(): PlayerControls {
  return {
    playTracks: () => undefined,
    enqueue: () => undefined,
    playCollections: () => Promise.resolve(),
  };
}
