import { describe, expect, it } from 'vitest';
import type { Favourites, Ratings } from '../../../domain/annotations';
import type { Artist } from '../../../domain/artist';
import type { Collection } from '../../../domain/collection';
import {
  favouriteBody,
  favouriteIndex,
  isFavourite,
  ratingBody,
  ratingOf,
  withFavourite,
  withRating,
} from './annotation-cache';

const album = (collectionId: number) => ({ collectionId }) as Collection;
const artist = (artistId: number): Artist => ({
  artistId,
  artistName: `Artist ${artistId}`,
  artistSortName: null,
  artistMbid: null,
});
const favourites = (albums: number[], artists: number[]): Favourites => ({
  tracks: [],
  collections: albums.map(album),
  artists: artists.map(artist),
});
const ids = (data: Favourites) => ({
  albums: data.collections.map((row) => row.collectionId),
  artists: data.artists.map((row) => row.artistId),
});

describe('favourites in the cache', () => {
  it('adds at the front (last added first) and removes by id', () => {
    const data = favourites([1, 2], [7]);
    const added = withFavourite(data, { kind: 'collection', item: album(3) }, true);
    expect(ids(added)).toEqual({ albums: [3, 1, 2], artists: [7] });
    const removed = withFavourite(added, { kind: 'artist', item: artist(7) }, false);
    expect(ids(removed)).toEqual({ albums: [3, 1, 2], artists: [] });
  });

  it('changes nothing when the state is already the one wanted', () => {
    const data = favourites([1], [7]);
    expect(withFavourite(data, { kind: 'collection', item: album(1) }, true)).toBe(data);
    expect(withFavourite(data, { kind: 'artist', item: artist(8) }, false)).toBe(data);
  });

  it('puts a refused removal back where it was', () => {
    const data = favourites([1, 2, 3], []);
    const change = { kind: 'collection', item: album(2) } as const;
    const at = favouriteIndex(data, favouriteBody(change));
    const removed = withFavourite(data, change, false);
    expect(ids(withFavourite(removed, change, true, at)).albums).toEqual([1, 2, 3]);
  });

  it('reads the state and builds the wire body', () => {
    const data = favourites([1], [7]);
    expect(isFavourite(data, { collectionId: 1 })).toBe(true);
    expect(isFavourite(data, { artistId: 1 })).toBe(false);
    expect(favouriteBody({ kind: 'artist', item: artist(7) })).toEqual({ artistId: 7 });
    expect(favouriteBody({ kind: 'collection', item: album(4) })).toEqual({ collectionId: 4 });
  });
});

describe('ratings in the cache', () => {
  const data: Ratings = { files: [{ id: 5, rating: 4 }], collections: [], artists: [] };

  it('reads 0 for an item without a rating', () => {
    expect(ratingOf(data, 'file', 5)).toBe(4);
    expect(ratingOf(data, 'file', 6)).toBe(0);
    expect(ratingOf(data, 'collection', 5)).toBe(0);
  });

  it('sets, replaces and clears (0) one item of one kind', () => {
    const rated = withRating(data, 'collection', 5, 2);
    expect(ratingOf(rated, 'collection', 5)).toBe(2);
    expect(ratingOf(rated, 'file', 5)).toBe(4);
    expect(ratingOf(withRating(rated, 'file', 5, 1), 'file', 5)).toBe(1);
    expect(withRating(rated, 'file', 5, 0).files).toEqual([]);
  });

  it('names the rated item in the body by its kind', () => {
    expect(ratingBody('file', 3, 5)).toEqual({ fileId: 3, rating: 5 });
    expect(ratingBody('collection', 3, 0)).toEqual({ collectionId: 3, rating: 0 });
    expect(ratingBody('artist', 3, 1)).toEqual({ artistId: 3, rating: 1 });
  });
});
