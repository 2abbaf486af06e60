import { canPlayFull } from './access';
import { albumMeasure } from './loudness-gain';
import { taggedAlbumMeasure } from './replay-gain';
import type { CollectionWithFiles } from './collection';
import type { PlaylistEntry } from './playlist';
import type { Role } from './role';
import { libraryTrack, type Track } from './track';

/**
 * Preview or full per track (spec part 1, section 4 "Playback mode per track"): a preview when
 * the collection has a price and the user cannot play it in full. Without a session the role
 * is unknown, so priced collections are previews.
 */
export type PlaybackRole = Pick<Role, 'roleDownloadPaid' | 'roleDownloadLimit' | 'roleTranscode'>;

export function playsInFull(
  collection: { collectionPrice: number | null; unlockedCollectionUserId: number | null },
  role: PlaybackRole | null,
): boolean {
  const unlocked = collection.unlockedCollectionUserId !== null;
  if (!role)
    return collection.collectionPrice === null || collection.collectionPrice <= 0 || unlocked;
  return canPlayFull(collection, unlocked, role);
}

/**
 * Every file with audio of one collection, in list order, each carrying the release's loudness
 * for album normalisation (domain/loudness-gain.ts).
 */
export function tracksOfCollection(
  { collection, files }: CollectionWithFiles,
  fullPlay: boolean,
): Track[] {
  const withAudio = files.flatMap((entry) =>
    entry.audio ? [{ file: entry.file, audio: entry.audio }] : [],
  );
  // Measured by the server (R128) when every track is; else the album gain of the tags.
  const album =
    albumMeasure(
      withAudio.map(({ audio }) => ({
        loudness: audio.audioLoudness,
        truePeak: audio.audioTruePeak,
        duration: audio.audioDuration,
      })),
    ) ??
    taggedAlbumMeasure(
      withAudio.map(({ audio }) => ({
        albumGain: audio.audioAlbumGain,
        albumPeak: audio.audioAlbumPeak,
      })),
    );
  return withAudio.map((entry, position) => {
    const track = libraryTrack(entry, collection, fullPlay);
    track.albumPosition = position;
    if (album) track.albumLoudness = { ...album, count: withAudio.length, position };
    return track;
  });
}

/** Every file with audio of the collections, in order (POST /api/audio_collection/bulk). */
export function tracksFromCollections(
  items: readonly CollectionWithFiles[],
  role: PlaybackRole | null,
): Track[] {
  return items.flatMap((item) => tracksOfCollection(item, playsInFull(item.collection, role)));
}

/** Playlist entries carry the server's own canPlayFull answer. */
export function tracksFromPlaylist(entries: readonly PlaylistEntry[]): Track[] {
  return entries.map((entry) =>
    libraryTrack(
      { file: entry.file, audio: entry.audio },
      {
        collectionId: entry.collectionId,
        collectionPrice: entry.collectionPrice,
        collectionImageHash: entry.collectionImageHash,
        collectionName: entry.collectionName,
      },
      entry.playableInFull,
    ),
  );
}

/**
 * Saving for offline is playback, not download: allowed in streaming-only mode, but only for
 * library tracks the user may play in full (never previews or external tracks).
 */
export const savableOffline = (track: Track): boolean =>
  track.fileId !== undefined && !track.isPreview && !track.external;
