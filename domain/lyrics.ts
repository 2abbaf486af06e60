import { z } from 'zod';

/** One line of lyrics; `startMs` only in synced lyrics (from LRC or SYLT timestamps). */
export const LyricsLineSchema = z.object({
  startMs: z.number().int().min(0).optional(),
  text: z.string().max(2000),
});
export type LyricsLine = z.infer<typeof LyricsLineSchema>;

/**
 * GET /api/lyrics/{fileId}: a track's lyrics. Synced lyrics have a start on every line, in time
 * order; plain lyrics have none. A track without lyrics answers `{ synced: false, lines: [] }`.
 */
export const LyricsSchema = z.object({
  synced: z.boolean(),
  lines: z.array(LyricsLineSchema).max(10_000),
});
export type Lyrics = z.infer<typeof LyricsSchema>;

export const NO_LYRICS: Lyrics = { synced: false, lines: [] };

/**
 * PUT /api/lyrics/{fileId} (admin, the tag editor): the lyrics as text, LRC (`[mm:ss.xx] line`)
 * for synced lyrics or plain lines. Empty text removes them.
 */
export const LyricsEditSchema = z.object({ text: z.string().max(200_000) });
export type LyricsEdit = z.infer<typeof LyricsEditSchema>;
