import { tracksFromCollections, type PlaybackRole } from '../../../domain/playback';
import type { Track } from '../../../domain/track';
import { queryClient } from '../../app/query-client';
import { sessionQuery } from '../../common/session';
import { getCollectionsBulk } from '../../common/collections/get-collections-bulk';

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
  /** Like playCollections, but appends. */
  enqueueCollections(collectionIds: number[]): Promise<void>;
  /** Pauses, and resumes where it paused (a collection's Play/Pause button). */
  pause(): void;
  resume(): void;
  /** Plays `track` from `seconds` in (a podcast episode resumed where it was left, issue 49). */
  playFrom(track: Track, seconds: number): void;
  /**
   * Plays the collection from its file `fileId` at `seconds` ("Continue listening", issue 49);
   * false when the file is not (or no longer) there to play in full.
   */
  playCollectionFrom(collectionId: number, fileId: number, seconds: number): Promise<boolean>;
}

/** The signed-in role decides preview or full; unknown (signed out) means previews when priced. */
function currentRole(): PlaybackRole | null {
  return queryClient.getQueryData(sessionQuery().queryKey)?.role ?? null;
}

async function collectionTracks(ids: number[]): Promise<Track[]> {
  return tracksFromCollections(await getCollectionsBulk(ids), currentRole());
}

// The engine is code-split from the screens that offer play buttons; a click still counts as
// the user gesture for play() because Chromium's activation outlives the import.
const engine = () => import('./engine/engine').then((module) => module.getPlayerEngine());

const controls: PlayerControls = {
  playTracks: (tracks, startIndex) => void engine().then((e) => e.playTracks(tracks, startIndex)),
  enqueue: (tracks) => void engine().then((e) => e.enqueue(tracks)),
  playCollections: async (ids) => (await engine()).playTracks(await collectionTracks(ids)),
  enqueueCollections: async (ids) => (await engine()).enqueue(await collectionTracks(ids)),
  pause: () => void engine().then((e) => e.pause()),
  resume: () => void engine().then((e) => e.play()),
  playFrom: (track, seconds) =>
    void engine().then((e) => {
      e.cueTracks([track], 0, seconds);
      e.play();
    }),
  playCollectionFrom: async (collectionId, fileId, seconds) => {
    const tracks = await collectionTracks([collectionId]);
    const index = tracks.findIndex((track) => track.fileId === fileId && !track.isPreview);
    if (index < 0) return false;
    const e = await engine();
    e.cueTracks(tracks, index, seconds);
    e.play();
    return true;
  },
};

export function usePlayerControls(): PlayerControls {
  return controls;
}
