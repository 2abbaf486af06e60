import { SubsonicError } from './subsonic-call';

/**
 * Subsonic ids are opaque strings. Songs keep the bare file id (what `stream`, `download`,
 * `scrobble` and `star id=` receive); albums (collections) and artists carry a prefix so that
 * `getMusicDirectory`, `getCoverArt` and `star` can tell them apart. Playlists are bare ids.
 */
export type SubsonicRef =
  { kind: 'song'; id: number } | { kind: 'album'; id: number } | { kind: 'artist'; id: number };

const PREFIX = { album: 'al-', artist: 'ar-' } as const;

export const songId = (fileId: number): string => String(fileId);
export const albumId = (collectionId: number): string => `${PREFIX.album}${collectionId}`;
export const artistId = (id: number): string => `${PREFIX.artist}${id}`;

const ID = /^(al-|ar-)?(\d{1,15})$/;

/** Reads any Subsonic id; an id of no known shape is "not found" (70), never a 500. */
export function parseRef(raw: string): SubsonicRef {
  const match = ID.exec(raw);
  if (match === null) throw new SubsonicError(70, 'Not found');
  const id = Number(match[2]);
  if (match[1] === PREFIX.album) return { kind: 'album', id };
  if (match[1] === PREFIX.artist) return { kind: 'artist', id };
  return { kind: 'song', id };
}

/** An id that must be of one kind (getAlbum id=al-3): anything else is not found. */
export function parseRefOf(raw: string, kind: SubsonicRef['kind']): number {
  const ref = parseRef(raw);
  if (ref.kind !== kind) throw new SubsonicError(70, 'Not found');
  return ref.id;
}
