import type { Caller } from '../../access/caller';
import type { AppDeps } from '../../app-deps';
import { CatalogueReadRepository } from '../catalogue/catalogue-read.repository';
import { PlaylistsRepository } from '../playlists/playlists.repository';
import { RatingsRepository, type RatingKind } from './ratings.repository';
import { SubsonicError, type SubsonicParams } from './subsonic-call';
import { parseRef, parseRefOf, type SubsonicRef } from './subsonic-ids';
import type { SubsonicAlbum, SubsonicArtist, SubsonicSong } from './subsonic-shapes';
import { StarsRepository, type StarKind } from './stars.repository';

/** What star and unstar name: songs (likes), albums and artists, each possibly repeated. */
export interface StarTargets {
  songs: number[];
  albums: number[];
  artists: number[];
}

const unique = (ids: readonly number[]): number[] => [...new Set(ids)];

const NO_TARGETS = (): StarTargets => ({ songs: [], albums: [], artists: [] });

/** One song, album or artist as targets (setRating names one item). */
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

/**
 * Every target must be something the caller may see (a song must be audio): one that is not
 * answers 70 before anything changes, exactly like one that does not exist.
 */
export async function assertTargetsVisible(
  deps: AppDeps,
  caller: Caller,
  targets: StarTargets,
): Promise<void> {
  const [songs, albums, artists] = await Promise.all([
    targets.songs.length === 0
      ? []
      : new PlaylistsRepository(deps.db).visibleFiles(targets.songs, caller),
    new CatalogueReadRepository(deps.db).collectionsByIds(targets.albums, caller),
    new StarsRepository(deps.db).visibleArtistIds(targets.artists, caller),
  ]);
  const audio = new Set(songs.filter((f) => f.has_audio === 1).map((f) => f.file_id));
  const seenAlbums = new Set(albums.map((a) => Number(a.collection_id)));
  if (
    targets.songs.some((id) => !audio.has(id)) ||
    targets.albums.some((id) => !seenAlbums.has(id)) ||
    targets.artists.some((id) => !artists.has(id))
  )
    throw new SubsonicError(70, 'Not found');
}

interface Annotated {
  id: string;
  starred?: string;
  userRating?: number;
}

/** Sets `starred` and `userRating` on items from the times and ratings found for their ids. */
function annotate<T extends Annotated>(
  items: readonly T[],
  idOf: (item: T) => number,
  starred: ReadonlyMap<number, string>,
  ratings: ReadonlyMap<number, number>,
): T[] {
  return items.map((item) => {
    const at = starred.get(idOf(item));
    const rating = ratings.get(idOf(item));
    const copy = { ...item };
    if (at !== undefined) copy.starred = at;
    if (rating !== undefined) copy.userRating = rating;
    return copy;
  });
}

const prefixed = (id: string): number => Number(id.slice(3));

async function ratingsOf(deps: AppDeps, caller: Caller, kind: RatingKind, ids: number[]) {
  return new RatingsRepository(deps.db).among(caller.userId, kind, ids);
}

/** Songs with `starred` (when the caller liked them) and the caller's `userRating`. */
export async function annotateSongs(
  deps: AppDeps,
  caller: Caller,
  songs: readonly SubsonicSong[],
): Promise<SubsonicSong[]> {
  const ids = unique(songs.map((s) => Number(s.id)));
  const liked = caller.user.liked_playlist;
  const [starred, ratings] = await Promise.all([
    liked === null
      ? new Map<number, string>()
      : new StarsRepository(deps.db).likedAmong(liked, ids),
    ratingsOf(deps, caller, 'song', ids),
  ]);
  return annotate(songs, (s) => Number(s.id), starred, ratings);
}

async function annotateStarKind<T extends Annotated>(
  deps: AppDeps,
  caller: Caller,
  kind: StarKind,
  items: readonly T[],
): Promise<T[]> {
  const ids = unique(items.map((item) => prefixed(item.id)));
  const [starred, ratings] = await Promise.all([
    new StarsRepository(deps.db).starredAmong(caller.userId, kind, ids),
    ratingsOf(deps, caller, kind, ids),
  ]);
  return annotate(items, (item) => prefixed(item.id), starred, ratings);
}

/** Albums with the caller's `starred` time and `userRating`. */
export const annotateAlbums = (
  deps: AppDeps,
  caller: Caller,
  albums: readonly SubsonicAlbum[],
): Promise<SubsonicAlbum[]> => annotateStarKind(deps, caller, 'album', albums);

/** Artists with the caller's `starred` time and `userRating`. */
export const annotateArtists = (
  deps: AppDeps,
  caller: Caller,
  artists: readonly SubsonicArtist[],
): Promise<SubsonicArtist[]> => annotateStarKind(deps, caller, 'artist', artists);
