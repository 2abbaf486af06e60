import { z } from 'zod';

/** One track found by the external catalogue search (spec part 1, section 3). */
export const ExternalTrackSchema = z.object({
  platform: z.string(),
  title: z.string(),
  album: z.string(),
  artists: z.array(z.string()),
  url: z.string(),
  cover: z.string(),
  coverFull: z.string(),
  /** A short preview clip the player can stream. */
  preview: z.string(),
  /** Seconds. */
  duration: z.number(),
});
export type ExternalTrack = z.infer<typeof ExternalTrackSchema>;

export const EXTERNAL_PAGE_SIZE = 25;

/** GET /api/external/search?q=&index= */
export const ExternalSearchQuerySchema = z.object({
  q: z.string().trim().min(1, { error: 'q is required' }).max(200),
  index: z.coerce.number().int().min(0).max(10_000).optional().default(0),
});

export const ExternalSearchResultSchema = z.object({
  data: z.array(ExternalTrackSchema),
  total: z.number().int(),
  next: z.number().int().nullable(),
});
export type ExternalSearchResult = z.infer<typeof ExternalSearchResultSchema>;

/** POST /downloader/request/{server} */
export const DownloadRequestSchema = z.object({
  platform: z.string().min(1).max(32),
  url: z.string().url().max(2048),
});

/** GET /downloader/request/{server}/status/{downloadId} */
export const DownloadStatusSchema = z.object({
  collectionId: z.number().int().nullable(),
  state: z.string(),
  downloadId: z.string(),
});
export type DownloadStatus = z.infer<typeof DownloadStatusSchema>;

/** POST /downloader/request/{server}: the queued download, to poll its status by. */
export const DownloadRequestedSchema = z.object({ downloadId: z.string() });
export type DownloadRequested = z.infer<typeof DownloadRequestedSchema>;
