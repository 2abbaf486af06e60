import type { Caller } from '../../access/caller';
import { requireBrowse } from '../../access/collections';
import type { AppDeps } from '../../app-deps';
import { annotateAlbums, annotateArtists, annotateSongs } from './subsonic-annotations';
import {
  toSubsonicAlbum,
  toSubsonicArtist,
  toSubsonicSong,
  type SubsonicAlbum,
  type SubsonicArtist,
  type SubsonicSong,
} from './subsonic-shapes';

/**
 * Songs by file id in the order given, only those the caller may see (hidden collections and
 * blacklisted tags drop out, like a missing id); needs the browse right (else error 50).
 */
export async function loadSongs(
  deps: AppDeps,
  caller: Caller,
  fileIds: readonly number[],
): Promise<SubsonicSong[]> {
  requireBrowse(caller);
  return (await deps.services.libraryIndex.songs(fileIds, caller)).map(toSubsonicSong);
}

/** Albums (collections) by id in the order given, only those the caller may see. */
export async function loadAlbums(
  deps: AppDeps,
  caller: Caller,
  collectionIds: readonly number[],
): Promise<SubsonicAlbum[]> {
  requireBrowse(caller);
  return (await deps.services.libraryIndex.albums(collectionIds, caller)).map(toSubsonicAlbum);
}

/** Artists by id in the order given, only those credited on a collection the caller may see. */
export async function loadArtists(
  deps: AppDeps,
  caller: Caller,
  artistIds: readonly number[],
): Promise<SubsonicArtist[]> {
  requireBrowse(caller);
  return (await deps.services.libraryIndex.artists(artistIds, caller)).map(toSubsonicArtist);
}

/** loadSongs with the caller's stars (likes) and ratings, as library answers show them. */
export async function songsFor(
  deps: AppDeps,
  caller: Caller,
  fileIds: readonly number[],
): Promise<SubsonicSong[]> {
  return annotateSongs(deps, caller, await loadSongs(deps, caller, fileIds));
}

/** loadAlbums with the caller's stars and ratings. */
export async function albumsFor(
  deps: AppDeps,
  caller: Caller,
  collectionIds: readonly number[],
): Promise<SubsonicAlbum[]> {
  return annotateAlbums(deps, caller, await loadAlbums(deps, caller, collectionIds));
}

/** loadArtists with the caller's stars and ratings. */
export async function artistsFor(
  deps: AppDeps,
  caller: Caller,
  artistIds: readonly number[],
): Promise<SubsonicArtist[]> {
  return annotateArtists(deps, caller, await loadArtists(deps, caller, artistIds));
}
