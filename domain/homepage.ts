import { z } from 'zod';
import { CollectionSchema } from './collection';

/** A playlist card on the homepage: enough to draw it without loading its entries. */
export const PlaylistSummarySchema = z.object({
  playlistId: z.number().int(),
  playlistTitle: z.string(),
  playlistDescription: z.string(),
  playlistPublic: z.boolean(),
  /** Cover of the collection of the playlist's first file; null when empty or uncovered. */
  playlistImageHash: z.string().nullable(),
  playlistTrackCount: z.number().int(),
});
export type PlaylistSummary = z.infer<typeof PlaylistSummarySchema>;

/** GET /api/homepage */
export const HomepageSchema = z.object({
  collectionsTags: z.array(z.object({ tag: z.string(), collections: z.array(CollectionSchema) })),
  playlistsEditor: z.array(PlaylistSummarySchema),
  playlistsRandom: z.array(PlaylistSummarySchema),
  playlistsTop: z.array(PlaylistSummarySchema),
  playlistsSpecial: z.array(PlaylistSummarySchema),
  collectionsTop: z.array(CollectionSchema),
});
export type Homepage = z.infer<typeof HomepageSchema>;
