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

/** What the web player holds: its queue's file ids (absent for external tracks) and current. */
export interface HeldQueue {
  fileIds: ReadonlyArray<number | undefined>;
  currentFileId: number | null;
}

type SavedShape = Pick<SavedPlayQueue, 'entries' | 'currentFileId' | 'positionMs' | 'changedAt'>;

/** Where a saved queue continues: at its current entry and position, else from the top. */
export function savedQueueStart(saved: SavedShape): { index: number; seconds: number } {
  const index = saved.entries.findIndex((entry) => entry.file.fileId === saved.currentFileId);
  return index < 0 ? { index: 0, seconds: 0 } : { index, seconds: saved.positionMs / 1000 };
}

/**
 * The web app offers a saved queue ("continue where you left off") when it has entries, this
 * device has not already taken or dismissed that save (`handledAt` is its changedAt), and it
 * differs from what the player holds: other tracks, or another current track.
 */
export function offersSavedQueue(
  saved: SavedShape,
  held: HeldQueue,
  handledAt: string | null,
): boolean {
  if (saved.entries.length === 0 || saved.changedAt === handledAt) return false;
  const ids = saved.entries.map((entry) => entry.file.fileId);
  const sameTracks =
    ids.length === held.fileIds.length && ids.every((id, i) => id === held.fileIds[i]);
  return !(sameTracks && saved.currentFileId === held.currentFileId);
}
