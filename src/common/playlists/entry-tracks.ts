import type { PlaylistEntry } from '../../../domain/playlist';
import { libraryTrack, type Track } from '../../../domain/track';

/**
 * Playlist entries as player tracks; the server says per entry whether it plays in full. The
 * playlist page and the Favourites page's liked tracks (entries in the same shape) play them.
 */
export function entryTracks(entries: readonly PlaylistEntry[]): Track[] {
  return entries.map((entry) =>
    libraryTrack(
      entry,
      {
        collectionId: entry.collectionId,
        collectionName: entry.collectionName,
        collectionPrice: entry.collectionPrice,
        collectionImageHash: entry.collectionImageHash,
      },
      entry.playableInFull,
    ),
  );
}
