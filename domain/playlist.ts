import { z } from 'zod';
import { AudioSchema, FileSchema } from './collection';

/** One entry of a playlist: the file, its audio and the collection it belongs to. */
export const PlaylistEntrySchema = z.object({
  file: FileSchema,
  audio: AudioSchema,
  collectionId: z.number().int(),
  collectionName: z.string(),
  /** Cents; null means free (the player decides preview or full from it). */
  collectionPrice: z.number().int().nullable(),
  collectionImageHash: z.string().nullable(),
  /** Whether the caller may play this entry in full (canPlayFull on the server). */
  playableInFull: z.boolean(),
});
export type PlaylistEntry = z.infer<typeof PlaylistEntrySchema>;

export const PLAYLIST_KINDS = ['user', 'liked', 'editor', 'random', 'top', 'special'] as const;

export const PlaylistSchema = z.object({
  playlistId: z.number().int(),
  playlistTitle: z.string(),
  playlistDescription: z.string(),
  playlistPublic: z.boolean(),
  playlistKind: z.enum(PLAYLIST_KINDS),
  userId: z.number().int(),
  userName: z.string(),
  playlistImageHash: z.string().nullable(),
  playlistTrackCount: z.number().int(),
  /** Seconds. */
  playlistDuration: z.number(),
});
export type Playlist = z.infer<typeof PlaylistSchema>;

/** GET /api/playlist/{id} */
export const PlaylistWithEntriesSchema = PlaylistSchema.extend({
  entries: z.array(PlaylistEntrySchema),
});
export type PlaylistWithEntries = z.infer<typeof PlaylistWithEntriesSchema>;

/** PUT /api/playlist (create) */
export const PlaylistCreateSchema = z.object({
  title: z
    .string({ error: 'title is required' })
    .trim()
    .min(1, { error: 'title is required' })
    .max(200),
  description: z.string().max(5000).optional().default(''),
  public: z.boolean().optional().default(false),
});

/** POST /api/playlist/{id} (edit); admins may also set the kind 'editor'. */
export const PlaylistEditSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    description: z.string().max(5000),
    public: z.boolean(),
    editorial: z.boolean(),
  })
  .partial();

/** PUT /api/playlist/{id}/file */
export const PlaylistAddFilesSchema = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(1000),
});
export type PlaylistAddFiles = z.infer<typeof PlaylistAddFilesSchema>;

/**
 * The answer to PUT /api/playlist/{id}/file: the playlist, and how many of the files were new
 * (0: every one was already there, which the client says instead of "added").
 */
export const PlaylistAddResultSchema = PlaylistSchema.extend({ added: z.number().int() });
export type PlaylistAddResult = z.infer<typeof PlaylistAddResultSchema>;

/**
 * PUT /api/playlist/{id}/order (not in the spec; docs/decisions "playlist order"): the file ids in their new
 * order. Each must be in the playlist, once; entries the caller cannot see (or leaves out)
 * keep their relative order after the listed ones.
 */
export const PlaylistOrderSchema = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(5000),
});
export type PlaylistOrder = z.infer<typeof PlaylistOrderSchema>;

/** GET /api/playlist/liked/ids: the file ids in the caller's liked playlist. */
export const LikedIdsSchema = z.array(z.number().int());
export type LikedIds = z.infer<typeof LikedIdsSchema>;
