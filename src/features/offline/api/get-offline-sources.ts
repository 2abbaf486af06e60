import {
  tracksFromCollections,
  tracksFromPlaylist,
  type PlaybackRole,
} from '../../../../domain/playback';
import { SmartPlaylistWithEntriesSchema } from '../../../../domain/smart-playlist';
import type { Track } from '../../../../domain/track';
import { api } from '../../../lib/api-client';
import { getCollectionsBulk } from '../../../common/collections/get-collections-bulk';
import { getPlaylist } from '../../../common/playlists/get-playlist';

export interface OfflineSource {
  title: string;
  imageHash: string | null;
  tracks: Track[];
}

/** POST /api/audio_collection/bulk {ids: [id]}: the collection's tracks, full or preview. */
export async function getCollectionSource(
  id: number,
  role: PlaybackRole | null,
): Promise<OfflineSource> {
  const items = await getCollectionsBulk([id]);
  const first = items[0];
  if (!first) throw new Error('Collection not found');
  return {
    title: first.collection.collectionName,
    imageHash: first.collection.collectionImageHash,
    tracks: tracksFromCollections(items, role),
  };
}

/** GET /api/playlist/{id}: entries carry the server's own full-play answer. */
export async function getPlaylistSource(id: number): Promise<OfflineSource> {
  const playlist = await getPlaylist(id, { silent: false });
  return {
    title: playlist.playlistTitle,
    imageHash: playlist.playlistImageHash,
    tracks: tracksFromPlaylist(playlist.entries),
  };
}

/** GET /api/smart_playlist/{id}: its tracks as computed now, entries like a playlist's. */
export async function getSmartPlaylistSource(id: number): Promise<OfflineSource> {
  const playlist = await api('GET', `/api/smart_playlist/${id}`, undefined, {
    schema: SmartPlaylistWithEntriesSchema,
  });
  return {
    title: playlist.name,
    imageHash: playlist.entries[0]?.collectionImageHash ?? null,
    tracks: tracksFromPlaylist(playlist.entries),
  };
}
