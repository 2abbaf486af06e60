import { z } from 'zod';
import { PlaylistEntrySchema } from './playlist';

/** How many entries a saved play queue keeps (Subsonic's savePlayQueue; the rest is dropped). */
export const PLAY_QUEUE_MAX_ENTRIES = 1000;

/**
 * The play queue an app saved for the user (Subsonic savePlayQueue), as the web app reads it
 * to offer "continue where you left off": its entries the caller may see, in queue order.
 */
export const SavedPlayQueueSchema = z.object({
  entries: z.array(PlaylistEntrySchema),
  /** The entry to continue with; null when the saved one is no longer visible. */
  currentFileId: z.number().int().nullable(),
  /** Where in that entry, in milliseconds. */
  positionMs: z.number().int().nonnegative(),
  /** When it was saved (ISO-8601) and by which app (its client name, e.g. "DSub"). */
  changedAt: z.string(),
  changedBy: z.string(),
});
export type SavedPlayQueue = z.infer<typeof SavedPlayQueueSchema>;

/** GET /api/play_queue: null when no app has saved a queue. */
export const PlayQueueAnswerSchema = z.object({ playQueue: SavedPlayQueueSchema.nullable() });
export type PlayQueueAnswer = z.infer<typeof PlayQueueAnswerSchema>;
