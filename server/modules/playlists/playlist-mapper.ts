import { PLAYLIST_KINDS, type Playlist, type PlaylistEntry } from '../../../domain/playlist';
import type { Caller } from '../../access/caller';
import { playsInFull } from '../../access/rights';
import { toWireCollectionFile } from '../catalogue';
import type { PlaylistEntryRow, PlaylistRow, PlaylistSummaryRow } from './playlists.repository';

type Kind = Playlist['playlistKind'];
const asKind = (kind: string): Kind => PLAYLIST_KINDS.find((k) => k === kind) ?? 'user';

/** Kinds made for everyone (editorial and the homepage's generated ones) are always public. */
const PUBLIC_KINDS: readonly Kind[] = ['editor', 'random', 'top', 'special'];

export const isPublic = (row: Pick<PlaylistRow, 'public' | 'kind'>): boolean =>
  Number(row.public) === 1 || PUBLIC_KINDS.includes(asKind(row.kind));

export function toWirePlaylist(row: PlaylistSummaryRow): Playlist {
  return {
    playlistId: Number(row.playlist_id),
    playlistTitle: row.title,
    playlistDescription: row.description,
    playlistPublic: isPublic(row),
    playlistKind: asKind(row.kind),
    userId: Number(row.user_id),
    userName: row.user_name,
    playlistImageHash: row.image_hash,
    playlistTrackCount: Number(row.track_count),
    playlistDuration: Number(row.duration ?? 0),
  };
}

/** Rows come from an inner join on audio, so every entry has its audio record. */
export function toWireEntry(row: PlaylistEntryRow, caller: Caller): PlaylistEntry | null {
  const { file, audio } = toWireCollectionFile(row);
  if (audio === null) return null;
  const collectionPrice = row.collection_price === null ? null : Number(row.collection_price);
  return {
    file,
    audio,
    collectionId: Number(row.entry_collection_id),
    collectionName: row.collection_name,
    collectionPrice,
    collectionImageHash: row.collection_image_hash,
    playableInFull: playsInFull(caller, { collectionPrice }, Number(row.unlocked) === 1),
  };
}
