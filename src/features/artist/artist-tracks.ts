import type { ArtistTrack } from '../../../domain/artist';
import { playsInFull, type PlaybackRole } from '../../../domain/playback';
import { libraryTrack, type Track } from '../../../domain/track';

/** An artist's top tracks as player tracks, each preview or full by its own collection. */
export function artistTracks(top: readonly ArtistTrack[], role: PlaybackRole | null): Track[] {
  return top.flatMap(({ collection, entry }) =>
    entry.audio
      ? [
          libraryTrack(
            { file: entry.file, audio: entry.audio },
            collection,
            playsInFull(collection, role),
          ),
        ]
      : [],
  );
}

/** A shuffled copy (Fisher-Yates); `random` is injectable for tests. */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}
