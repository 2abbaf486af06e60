import type {
  Favourites,
  FavouriteTarget,
  RatingInput,
  Ratings,
} from '../../../domain/annotations';
import type { Artist } from '../../../domain/artist';
import type { Collection } from '../../../domain/collection';

/**
 * Pure edits of the cached GET /api/favourites and GET /api/ratings answers, so a favourite or
 * a rating shows at once (optimistic) and a refusal undoes exactly that one change, not every
 * change made since (a snapshot taken before would also undo a second click made meanwhile).
 */

/** An album or artist made (or no longer) a favourite, with its row for the Favourites page. */
export type FavouriteItem =
  { kind: 'collection'; item: Collection } | { kind: 'artist'; item: Artist };

/** What is rated: a track (file), an album (collection) or an artist. */
export type RatingKind = 'file' | 'collection' | 'artist';

const LIST = { file: 'files', collection: 'collections', artist: 'artists' } as const;

export const favouriteBody = (change: FavouriteItem): FavouriteTarget =>
  change.kind === 'collection'
    ? { collectionId: change.item.collectionId }
    : { artistId: change.item.artistId };

/** Where the item sits in its list, or -1. */
export function favouriteIndex(data: Favourites, target: FavouriteTarget): number {
  return 'collectionId' in target
    ? data.collections.findIndex((row) => row.collectionId === target.collectionId)
    : data.artists.findIndex((row) => row.artistId === target.artistId);
}

export const isFavourite = (data: Favourites, target: FavouriteTarget): boolean =>
  favouriteIndex(data, target) >= 0;

/**
 * `data` with the item added (at `at`, the front by default: lists are last added first) or
 * removed. Adding one already there changes nothing.
 */
export function withFavourite(
  data: Favourites,
  change: FavouriteItem,
  favourite: boolean,
  at = 0,
): Favourites {
  const present = isFavourite(data, favouriteBody(change));
  if (favourite === present) return data;
  if (change.kind === 'collection') {
    const id = change.item.collectionId;
    const rest = data.collections.filter((row) => row.collectionId !== id);
    return { ...data, collections: favourite ? insertAt(rest, change.item, at) : rest };
  }
  const id = change.item.artistId;
  const rest = data.artists.filter((row) => row.artistId !== id);
  return { ...data, artists: favourite ? insertAt(rest, change.item, at) : rest };
}

function insertAt<T>(list: readonly T[], item: T, at: number): T[] {
  const index = Math.min(Math.max(at, 0), list.length);
  return [...list.slice(0, index), item, ...list.slice(index)];
}

/** The rating (1 to 5) of the item, 0 when it has none. */
export function ratingOf(data: Ratings, kind: RatingKind, id: number): number {
  return data[LIST[kind]].find((row) => row.id === id)?.rating ?? 0;
}

/** `data` with the item's rating set; 0 removes it. */
export function withRating(data: Ratings, kind: RatingKind, id: number, rating: number): Ratings {
  const list = LIST[kind];
  const rest = data[list].filter((row) => row.id !== id);
  return { ...data, [list]: rating > 0 ? [...rest, { id, rating }] : rest };
}

export function ratingBody(kind: RatingKind, id: number, rating: number): RatingInput {
  switch (kind) {
    case 'file':
      return { fileId: id, rating };
    case 'collection':
      return { collectionId: id, rating };
    case 'artist':
      return { artistId: id, rating };
  }
}
