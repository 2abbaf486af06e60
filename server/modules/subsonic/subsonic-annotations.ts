import type { Caller } from '../../access/caller';
import type { AppDeps } from '../../app-deps';
import type { AnnotatedKind, AnnotationTargets } from '../annotations';
import { SubsonicError, type SubsonicParams } from './subsonic-call';
import { parseRef, parseRefOf, type SubsonicRef } from './subsonic-ids';
import type { SubsonicAlbum, SubsonicArtist, SubsonicSong } from './subsonic-shapes';

/** What star and unstar name: songs (likes), albums and artists, each possibly repeated. */
export interface StarTargets {
  songs: number[];
  albums: number[];
  artists: number[];
}

/** Subsonic's names for what the annotations service calls files, collections and artists. */
export const KIND_OF_REF: Record<SubsonicRef['kind'], AnnotatedKind> = {
  song: 'file',
  album: 'collection',
  artist: 'artist',
};

const unique = (ids: readonly number[]): number[] => [...new Set(ids)];

const NO_TARGETS = (): StarTargets => ({ songs: [], albums: [], artists: [] });

/** One song, album or artist as targets. */
export function targetOf(ref: SubsonicRef): StarTargets {
  const targets = NO_TARGETS();
  ({ song: targets.songs, album: targets.albums, artist: targets.artists })[ref.kind].push(ref.id);
  return targets;
}

/** `id` may name any kind (Subsonic folders were albums and artists), the others one kind. */
export function starTargets(params: SubsonicParams): StarTargets {
  const targets = NO_TARGETS();
  for (const raw of params.getAll('id')) {
    const one = targetOf(parseRef(raw));
    targets.songs.push(...one.songs);
    targets.albums.push(...one.albums);
    targets.artists.push(...one.artists);
  }
  for (const raw of params.getAll('albumId')) targets.albums.push(parseRefOf(raw, 'album'));
  for (const raw of params.getAll('artistId')) targets.artists.push(parseRefOf(raw, 'artist'));
  if (targets.songs.length + targets.albums.length + targets.artists.length === 0)
    throw new SubsonicError(10, 'Required parameter is missing: id, albumId or artistId');
  return {
    songs: unique(targets.songs),
    albums: unique(targets.albums),
    artists: unique(targets.artists),
  };
}

export const toAnnotationTargets = (targets: StarTargets): AnnotationTargets => ({
  files: targets.songs,
  collections: targets.albums,
  artists: targets.artists,
});

/**
 * Every target must be something the caller may see (a song must be audio), asked of the
 * annotations service: one that is not answers 70, exactly like one that does not exist.
 */
export async function assertTargetsVisible(
  deps: AppDeps,
  caller: Caller,
  targets: StarTargets,
): Promise<void> {
  await deps.services.annotations.assertVisible(caller, toAnnotationTargets(targets));
}

interface Annotated {
  id: string;
  starred?: string;
  userRating?: number;
}

const prefixed = (id: string): number => Number(id.slice(3));

/**
 * Items with the caller's `starred` time (a song's: when it was liked) and `userRating`, read
 * from the one annotations store the web app uses too.
 */
async function annotate<T extends Annotated>(
  deps: AppDeps,
  caller: Caller,
  kind: AnnotatedKind,
  items: readonly T[],
  idOf: (item: T) => number,
): Promise<T[]> {
  const ids = unique(items.map(idOf));
  const [starred, ratings] = await Promise.all([
    deps.services.annotations.starredAmong(caller, kind, ids),
    deps.services.annotations.ratingsAmong(caller, kind, ids),
  ]);
  return items.map((item) => {
    const at = starred.get(idOf(item));
    const rating = ratings.get(idOf(item));
    // Most items are neither starred nor rated: they are answered as they are.
    if (at === undefined && rating === undefined) return item;
    const copy = { ...item };
    if (at !== undefined) copy.starred = at;
    if (rating !== undefined) copy.userRating = rating;
    return copy;
  });
}

/** Songs with `starred` (when the caller liked them) and the caller's `userRating`. */
export const annotateSongs = (
  deps: AppDeps,
  caller: Caller,
  songs: readonly SubsonicSong[],
): Promise<SubsonicSong[]> => annotate(deps, caller, 'file', songs, (song) => Number(song.id));

/** Albums with the caller's `starred` time and `userRating`. */
export const annotateAlbums = (
  deps: AppDeps,
  caller: Caller,
  albums: readonly SubsonicAlbum[],
): Promise<SubsonicAlbum[]> =>
  annotate(deps, caller, 'collection', albums, (album) => prefixed(album.id));

/** Artists with the caller's `starred` time and `userRating`. */
export const annotateArtists = (
  deps: AppDeps,
  caller: Caller,
  artists: readonly SubsonicArtist[],
): Promise<SubsonicArtist[]> =>
  annotate(deps, caller, 'artist', artists, (artist) => prefixed(artist.id));
