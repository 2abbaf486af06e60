import { z } from 'zod';
import { ArtistSchema } from './artist';
import { CollectionSchema } from './collection';
import { PlaylistEntrySchema } from './playlist';

/**
 * Favourites and ratings (issue 45): one store read by the web app and by `/rest` alike.
 * A liked track is an entry of the caller's liked playlist (spec part 1, "Like"); an album
 * (collection) or an artist is a favourite; anything may be rated 1 to 5.
 */

/**
 * An id in a JSON body: a JSON number, never a numeric string (params' positiveId coerces,
 * as path and query values are text; a body has no such excuse).
 */
const bodyId = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .positive({ error: `${name} must be a positive number` })
    .max(2 ** 31 - 1, { error: `${name} is too large` });

/** PUT and DELETE /api/favourite: exactly one of the two ids. */
export const FavouriteTargetSchema = z.union([
  z.strictObject({ collectionId: bodyId('collectionId') }),
  z.strictObject({ artistId: bodyId('artistId') }),
]);
export type FavouriteTarget = z.infer<typeof FavouriteTargetSchema>;

/** GET /api/favourites: what the caller liked or made a favourite and may still see. */
export const FavouritesSchema = z.object({
  /** Liked tracks, last liked first, in the shape of a playlist's entries (playable). */
  tracks: z.array(PlaylistEntrySchema),
  /** Favourite albums, last added first. */
  collections: z.array(CollectionSchema),
  /** Favourite artists, last added first. */
  artists: z.array(ArtistSchema),
});
export type Favourites = z.infer<typeof FavouritesSchema>;

export const RATING_MAX = 5;
/** 1 to 5; 0 clears the rating. */
const ratingValue = z
  .number({ error: 'rating must be a number' })
  .int({ error: 'rating must be a whole number' })
  .min(0, { error: 'rating must be 0 to 5' })
  .max(RATING_MAX, { error: 'rating must be 0 to 5' });

/** PUT /api/rating: exactly one of the three ids, and the rating (0 clears it). */
export const RatingInputSchema = z.union([
  z.strictObject({ fileId: bodyId('fileId'), rating: ratingValue }),
  z.strictObject({ collectionId: bodyId('collectionId'), rating: ratingValue }),
  z.strictObject({ artistId: bodyId('artistId'), rating: ratingValue }),
]);
export type RatingInput = z.infer<typeof RatingInputSchema>;

const RatedSchema = z.object({ id: z.number().int(), rating: z.number().int().min(1).max(5) });

/** GET /api/ratings: every rating of the caller, by kind of item. */
export const RatingsSchema = z.object({
  files: z.array(RatedSchema),
  collections: z.array(RatedSchema),
  artists: z.array(RatedSchema),
});
export type Ratings = z.infer<typeof RatingsSchema>;
