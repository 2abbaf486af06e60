import { expect } from 'vitest';
import {
  FavouritesSchema,
  RatingsSchema,
  type Favourites,
  type Ratings,
} from '../../domain/annotations';
import type { TestClient } from '../helpers/client';
import type { LibrarySetup } from '../helpers/setup';

/** The web app's calls of issue 45, as its client makes them (cookie and XSRF header). */

export async function favouritesOf(client: TestClient): Promise<Favourites> {
  const response = await client.get('/api/favourites');
  expect(response.statusCode, response.body).toBe(200);
  return FavouritesSchema.parse(response.json());
}

export async function ratingsOf(client: TestClient): Promise<Ratings> {
  const response = await client.get('/api/ratings');
  expect(response.statusCode, response.body).toBe(200);
  return RatingsSchema.parse(response.json());
}

/** PUT or DELETE /api/favourite with a JSON body; answers the raw response. */
export const favourite = (client: TestClient, body: unknown) => client.put('/api/favourite', body);
export const unfavourite = (client: TestClient, body: unknown) =>
  client.request('DELETE', '/api/favourite', { body });
export const rate = (client: TestClient, body: unknown) => client.put('/api/rating', body);

/** Expects `{ ok: true }`. */
export function expectOk(response: { statusCode: number; body: string }): void {
  expect(response.statusCode, response.body).toBe(200);
  expect(JSON.parse(response.body)).toEqual({ ok: true });
}

/** Ids of what a favourites answer lists, by kind. */
export const favouriteIds = (favourites: Favourites) => ({
  tracks: favourites.tracks.map((entry) => entry.file.fileId),
  collections: favourites.collections.map((collection) => collection.collectionId),
  artists: favourites.artists.map((artist) => artist.artistId),
});

export async function artistIdNamed(setup: LibrarySetup, name: string): Promise<number> {
  const row = await setup.t.db
    .selectFrom('artists')
    .select('artist_id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Number(row.artist_id);
}

/** Every star and rating row of a user: what "changes nothing" is checked against. */
export async function storedAnnotations(setup: LibrarySetup, userId: number) {
  const [stars, ratings, likes] = await Promise.all([
    setup.t.db
      .selectFrom('stars')
      .select(['kind', 'item_id'])
      .where('user_id', '=', userId)
      .orderBy('kind')
      .orderBy('item_id')
      .execute(),
    setup.t.db
      .selectFrom('ratings')
      .select(['kind', 'item_id', 'rating'])
      .where('user_id', '=', userId)
      .orderBy('kind')
      .orderBy('item_id')
      .execute(),
    setup.t.db
      .selectFrom('playlist_files')
      .innerJoin('users', 'users.liked_playlist', 'playlist_files.playlist_id')
      .select('playlist_files.file_id')
      .where('users.user_id', '=', userId)
      .orderBy('playlist_files.file_id')
      .execute(),
  ]);
  return { stars, ratings, likes };
}
