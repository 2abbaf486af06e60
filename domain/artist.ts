import { z } from 'zod';
import { ArtistRefSchema } from './artist-ref';
import { CollectionFileSchema, CollectionSchema } from './collection';

export { ArtistRefSchema, type ArtistRef } from './artist-ref';

/** One artist of the library (tags: name, sort name, MusicBrainz artist id). */
export const ArtistSchema = ArtistRefSchema.extend({
  /** "Beatles, The"; null when untagged (the name sorts as itself). */
  artistSortName: z.string().nullable(),
  /** MusicBrainz artist id (a UUID) when tagged. */
  artistMbid: z.string().nullable(),
});
export type Artist = z.infer<typeof ArtistSchema>;

/** A track of an artist's top list, with the collection it plays from. */
export const ArtistTrackSchema = z.object({
  collection: CollectionSchema,
  entry: CollectionFileSchema,
});
export type ArtistTrack = z.infer<typeof ArtistTrackSchema>;

/**
 * GET /api/artist/{id}: the artist, the collections credited to them (as album artist or on
 * a track) that the caller may see, newest first, and their most played tracks.
 */
export const ArtistPageSchema = z.object({
  artist: ArtistSchema,
  collections: z.array(CollectionSchema),
  topTracks: z.array(ArtistTrackSchema),
});
export type ArtistPage = z.infer<typeof ArtistPageSchema>;

/** GET /api/artists?query=: artists whose name or sort name matches (folded like collections). */
export const ArtistSearchQuerySchema = z.object({
  query: z.string().trim().min(1).max(200),
  limit: z.coerce.number().int().min(1).max(50).optional().default(10),
});
export const ArtistSearchAnswerSchema = z.object({ artists: z.array(ArtistSchema) });
export type ArtistSearchAnswer = z.infer<typeof ArtistSearchAnswerSchema>;
