import { z } from 'zod';
import { positiveId } from './params';

/** A track at least this long resumes where it was left (issue 49); episodes always do. */
export const BOOKMARK_MIN_TRACK_MS = 20 * 60 * 1000;

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
  positionMs: z.number().int(),
  durationMs: z.number().int().nullable(),
  comment: z.string().nullable(),
  updatedAt: z.string(),
});
export type Bookmark = z.infer<typeof BookmarkSchema>;

/** GET /api/bookmark: "Continue listening", newest first. */
export const BookmarkListSchema = z.object({ bookmarks: z.array(BookmarkSchema) });
