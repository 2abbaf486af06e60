import { z } from 'zod';
import { positiveId } from './params';

export { BOOKMARK_MIN_TRACK_MS } from './long-listening';

export const FileIdParams = z.object({ fileId: positiveId('fileId') });

/** Body of PUT /api/bookmark/file/{fileId}. */
export const BookmarkInputSchema = z.object({
  positionMs: z
    .number({ error: 'positionMs must be a number' })
    .int({ error: 'positionMs must be a whole number' })
    .min(0, { error: 'positionMs must not be negative' })
    .max(48 * 3600 * 1000, { error: 'positionMs is too large' }),
  comment: z.string().max(500, { error: 'comment must be at most 500 characters' }).optional(),
});
export type BookmarkInput = z.infer<typeof BookmarkInputSchema>;

export const BookmarkSchema = z.object({
  kind: z.enum(['file', 'episode']),
  /** The file's id, or the episode's. */
  id: z.number().int(),
  title: z.string(),
  /** The album, or the podcast. */
  parent: z.string().nullable(),
  /** The album's collection id, or the podcast's id: where the player finds the track again. */
  parentId: z.number().int(),
  positionMs: z.number().int(),
  durationMs: z.number().int().nullable(),
  comment: z.string().nullable(),
  updatedAt: z.string(),
});
export type Bookmark = z.infer<typeof BookmarkSchema>;

/** GET /api/bookmark: "Continue listening", newest first. */
export const BookmarkListSchema = z.object({ bookmarks: z.array(BookmarkSchema) });
