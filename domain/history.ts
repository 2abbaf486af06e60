import { z } from 'zod';
import { FIRST_STATS_YEAR, LAST_STATS_YEAR } from './history-years';
import { positiveId } from './params';

export { currentYear, FIRST_STATS_YEAR, LAST_STATS_YEAR } from './history-years';

/** Listening history and "Your year" (issue 48): the wire shapes of /api/user/history & co. */

export const HISTORY_PAGE_MAX = 100;
export const HISTORY_PAGE_DEFAULT = 50;
/** A search longer than this finds nothing a shorter one would not. */
export const HISTORY_QUERY_MAX = 100;
/** Entries in each top list. */
export const TOP_LIST_SIZE = 10;
/** Year share links one account may hold at once. */
export const YEAR_SHARES_PER_USER = 20;

/** GET /api/user/history?offset&limit&q; query values arrive as text. */
export const HistoryQuerySchema = z.object({
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int({ error: 'offset must be a whole number' })
    .min(0, { error: 'offset must be 0 or more' })
    .max(1_000_000, { error: 'offset is at most 1000000' })
    .optional()
    .default(0),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: `limit must be from 1 to ${HISTORY_PAGE_MAX}` })
    .max(HISTORY_PAGE_MAX, { error: `limit must be from 1 to ${HISTORY_PAGE_MAX}` })
    .optional()
    .default(HISTORY_PAGE_DEFAULT),
  q: z
    .string({ error: 'q must be text' })
    .max(HISTORY_QUERY_MAX, { error: `q is at most ${HISTORY_QUERY_MAX} characters` })
    .optional(),
});
export type HistoryQuery = z.input<typeof HistoryQuerySchema>;

/** One play in the history: what, when, on which app, and what the client needs to play it. */
export const HistoryListenSchema = z.object({
  listenId: z.number().int(),
  fileId: z.number().int(),
  title: z.string(),
  artists: z.array(z.string()),
  collectionId: z.number().int(),
  collectionName: z.string(),
  /** Cover image hash (the file's, else the collection's); null: the default cover. */
  imageHash: z.string().nullable(),
  /** ISO-8601, whole seconds. */
  playedAt: z.string(),
  /** 'web' or the Subsonic app's name. */
  client: z.string(),
  durationMs: z.number().int(),
});
export type HistoryListen = z.infer<typeof HistoryListenSchema>;

/** Newest first; `total` counts every listen matching the search. */
export const HistoryPageSchema = z.object({
  listens: z.array(HistoryListenSchema),
  total: z.number().int().nonnegative(),
});
export type HistoryPage = z.infer<typeof HistoryPageSchema>;

/** DELETE /api/user/history/{listenId}. */
export const ListenIdParams = z.object({ listenId: positiveId('listenId') });

/** A year of the stats pages. */
const yearSchema = z.coerce
  .number({ error: 'year must be a number' })
  .int({ error: 'year must be a whole number' })
  .min(FIRST_STATS_YEAR, { error: `year must be from ${FIRST_STATS_YEAR} to ${LAST_STATS_YEAR}` })
  .max(LAST_STATS_YEAR, { error: `year must be from ${FIRST_STATS_YEAR} to ${LAST_STATS_YEAR}` });

/** GET /api/user/stats?year= and GET /api/admin/listening?year=; absent: this year (UTC). */
export const StatsQuerySchema = z.object({ year: yearSchema.optional() });
export type StatsQuery = z.input<typeof StatsQuerySchema>;

/** One entry of a top list: an artist, collection or track by id; genres by their folded name. */
export const TopEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  plays: z.number().int(),
});
export type TopEntry = z.infer<typeof TopEntrySchema>;
export const TopTrackSchema = TopEntrySchema.extend({
  artists: z.array(z.string()),
  collectionId: z.number().int(),
});
export type TopTrack = z.infer<typeof TopTrackSchema>;
export const TopGenreSchema = z.object({ id: z.string(), name: z.string(), plays: z.number() });
export type TopGenre = z.infer<typeof TopGenreSchema>;

/** The figures a year share link shows too: nothing about who or when exactly. */
export const YearFiguresSchema = z.object({
  year: z.number().int(),
  plays: z.number().int(),
  /** Listening time, from each track's length when played. */
  minutes: z.number().int(),
  topArtists: z.array(TopEntrySchema),
  topCollections: z.array(TopEntrySchema),
  topTracks: z.array(TopTrackSchema),
  topGenres: z.array(TopGenreSchema),
  /** Plays in January … December (UTC). */
  byMonth: z.array(z.number().int()).length(12),
});
export type YearFigures = z.infer<typeof YearFiguresSchema>;

/** GET /api/user/stats: the figures, the year's first play and most replayed day. */
export const YearStatsSchema = YearFiguresSchema.extend({
  firstPlay: z
    .object({
      fileId: z.number().int(),
      title: z.string(),
      artists: z.array(z.string()),
      collectionId: z.number().int(),
      playedAt: z.string(),
    })
    .nullable(),
  /** The day (YYYY-MM-DD, UTC) with the most plays, and how many; the earliest on a tie. */
  mostReplayedDay: z.object({ date: z.string(), plays: z.number().int() }).nullable(),
  /** The years with plays, newest first (the year picker). */
  years: z.array(z.number().int()),
});
export type YearStats = z.infer<typeof YearStatsSchema>;

/** GET /api/admin/listening: totals over every user, never one user's list. */
export const ListeningTotalsSchema = z.object({
  year: z.number().int(),
  plays: z.number().int(),
  minutes: z.number().int(),
  /** Users with at least one play that year. */
  listeners: z.number().int(),
  topCollections: z.array(TopEntrySchema),
  byMonth: z.array(z.number().int()).length(12),
});
export type ListeningTotals = z.infer<typeof ListeningTotalsSchema>;

/** POST /api/user/year-shares. */
export const CreateYearShareSchema = z.object({ year: yearSchema }).strict();
export type CreateYearShare = z.infer<typeof CreateYearShareSchema>;

/** The answer to a creation: the only time the token is shown (only its hash is kept). */
export const CreatedYearShareSchema = z.object({
  yearShareId: z.number().int(),
  year: z.number().int(),
  token: z.string(),
  url: z.string(),
});
export type CreatedYearShare = z.infer<typeof CreatedYearShareSchema>;

/** GET /api/user/year-shares: the caller's links (tokens are not kept, so not shown). */
export const YearShareSchema = z.object({
  yearShareId: z.number().int(),
  year: z.number().int(),
  createdAt: z.string(),
});
export const YearShareListSchema = z.array(YearShareSchema);
export type YearShare = z.infer<typeof YearShareSchema>;

export const YearShareIdParams = z.object({ yearShareId: positiveId('yearShareId') });
/** GET /api/year-share/{token}: any text up to 64 characters; a malformed one is not found. */
export const YearShareTokenParams = z.object({ token: z.string().max(64) });

/** The public page's address of a year share link. */
export const yearSharePath = (token: string): string => `/year-share/${token}`;
