import { z } from 'zod';
import { PostActionSchema } from './settings';
import { freeJsonObject } from './free-json';

/** What the list shows instead of a server's token: it is never sent back after creation. */
export const MASKED_TOKEN = '********';

/** A URL of this length or more in the add-download form is a dropped torrent (spec part 2 §5). */
export const TORRENT_URL_LENGTH = 512;

/** Spec part 2 §4 names deezer, spotify and torrent; url is this server's direct-link source. */
export const DOWNLOAD_SOURCES = ['url', 'torrent', 'deezer', 'spotify'] as const;
export const DownloadSourceSchema = z.enum(DOWNLOAD_SOURCES, {
  error: `source must be one of ${DOWNLOAD_SOURCES.join(', ')}`,
});

export const ServerSchema = z.object({
  serverId: z.number().int(),
  serverName: z.string(),
  serverAddress: z.string(),
  /** Always MASKED_TOKEN. */
  serverToken: z.string(),
  online: z.boolean(),
  lastError: z.string().nullable(),
  activeDownloads: z.number().int().nullable(),
});
export type Server = z.infer<typeof ServerSchema>;

const httpUrl = (field: string) =>
  z
    .string()
    .trim()
    .max(2048)
    .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), {
      error: `${field} must be an http(s) URL`,
    });

/** PUT /api/server */
export const ServerInputSchema = z
  .object({
    serverName: z.string().trim().min(1, { error: 'serverName is required' }).max(64),
    serverAddress: httpUrl('serverAddress'),
    serverToken: z
      .string()
      .min(16, { error: 'serverToken must be at least 16 characters' })
      .max(256)
      .regex(/^[\x21-\x7e]+$/, { error: 'serverToken must be printable ASCII without spaces' }),
  })
  .strict();
export type ServerInput = z.infer<typeof ServerInputSchema>;

/** POST /api/server/{id}: any subset; an omitted token keeps the stored one. */
export const ServerUpdateSchema = ServerInputSchema.partial().strict();
export type ServerUpdate = z.infer<typeof ServerUpdateSchema>;

/** A download's life, in order; the node's state machine and the wire both use this list. */
export const DOWNLOAD_STATES = [
  'queued',
  'downloading',
  'processing',
  'importing',
  'done',
  'error',
] as const;
export type DownloadState = (typeof DOWNLOAD_STATES)[number];
export const DownloadStateSchema = z.enum(DOWNLOAD_STATES);

export const DownloadSchema = z.object({
  downloadId: z.number().int(),
  name: z.string().nullable(),
  source: z.string(),
  /** The link, or a short placeholder for a dropped torrent. */
  url: z.string(),
  state: DownloadStateSchema,
  /** The reason of an error, else the last step. */
  message: z.string().nullable(),
  addedAt: z.string(),
  bytesDone: z.number(),
  bytesTotal: z.number().nullable(),
  speed: z.number(),
  peers: z.number().nullable(),
  collectionId: z.number().int().nullable(),
});
export type Download = z.infer<typeof DownloadSchema>;

/** POST /downloader/{id}/api/download */
export const DownloadInputSchema = z
  .object({
    /** A link, or (TORRENT_URL_LENGTH characters or more) a dropped .torrent file in base64. */
    url: z
      .string()
      .trim()
      .min(1, { error: 'url is required' })
      .max(8 * 1024 * 1024, { error: 'the torrent file is too large' }),
    source: DownloadSourceSchema,
    name: z.string().trim().max(200).nullish(),
    keepOriginal: z.boolean().default(false),
    options: freeJsonObject().default({}),
    postActions: z.array(PostActionSchema).max(32).nullish(),
  })
  .strict()
  .superRefine((input, ctx) => {
    const isTorrentFile = input.url.length >= TORRENT_URL_LENGTH && input.source === 'torrent';
    if (isTorrentFile) {
      if (!/^[A-Za-z0-9+/=\s]+$/.test(input.url))
        ctx.addIssue({ code: 'custom', path: ['url'], message: 'the torrent file must be base64' });
      return;
    }
    if (input.url.length > 2048)
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'url is too long' });
    else if (!/^(https?:\/\/|magnet:\?)\S+$/i.test(input.url))
      ctx.addIssue({
        code: 'custom',
        path: ['url'],
        message: 'url must be an http(s) or magnet link',
      });
  });
export type DownloadInput = z.input<typeof DownloadInputSchema>;

/** DELETE /downloader/{id}/api/download with a body (the path form needs none). */
export const DownloadDeleteSchema = z.object({ downloadId: z.coerce.number().int().positive() });

export const RssFeedSchema = z.object({
  rssFeedId: z.number().int(),
  rssUrl: z.string(),
  rssCookies: z.string().nullable(),
  titleRegex: z.string().nullable(),
  checkInterval: z.number().int(),
  lastCheck: z.string().nullable(),
  lastError: z.string().nullable(),
  postActions: z.array(PostActionSchema),
});
export type RssFeed = z.infer<typeof RssFeedSchema>;

export const RSS_DEFAULT_INTERVAL = 30;

/** POST /downloader/{id}/api/rss */
export const RssFeedInputSchema = z
  .object({
    rssUrl: httpUrl('rssUrl'),
    rssCookies: z
      .string()
      .max(4096)
      .regex(/^[^\r\n]*$/, { error: 'rssCookies must be one line' })
      .nullish()
      .transform((value) => (value === '' || value === undefined ? null : value)),
    titleRegex: z
      .string()
      .max(500)
      .nullish()
      .transform((value) => (value === '' || value === undefined ? null : value))
      .refine((value) => value === null || isRegex(value), {
        error: 'titleRegex is not a valid regular expression',
      }),
    checkInterval: z
      .number()
      .int()
      .min(1, { error: 'checkInterval must be 1 to 10080 minutes' })
      .max(7 * 24 * 60, { error: 'checkInterval must be 1 to 10080 minutes' })
      .default(RSS_DEFAULT_INTERVAL),
    postActions: z.array(PostActionSchema).max(32).default([]),
  })
  .strict();
export type RssFeedInput = z.input<typeof RssFeedInputSchema>;

function isRegex(value: string): boolean {
  try {
    new RegExp(value, 'i');
    return true;
  } catch {
    return false;
  }
}

/** The placeholder shown instead of a dropped torrent's base64 text. */
export const torrentPlaceholder = (name: string | null): string =>
  `[torrent file${name ? `: ${name}` : ''}]`;

/**
 * The path, under DATA_DIR, of a server's log for one (UTC) day: what the log buttons open
 * with GET /api/file?path=… and where the server writes it.
 */
export const serverLogPath = (serverId: number, date: Date): string =>
  `logs/${serverId}/${date.toISOString().slice(0, 10)}.log`;

/** A server's id in a path or body: 0 is the local server (LOCAL_SERVER_ID). */
export const serverId = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(0, { error: `${name} must not be negative` })
    .max(2 ** 31 - 1, { error: `${name} is too large` });

/** /downloader/ingest/{ingestId}/...: a hand-over a node started, `{serverId}-{32 hex}`. */
export const IngestParamsSchema = z.object({
  ingestId: z.string().regex(/^\d+-[a-f0-9]{32}$/, { error: 'ingestId is not valid' }),
});

/** POST /downloader/ingest/begin */
export const IngestBegunSchema = z.object({ ingestId: z.string() });
export type IngestBegun = z.infer<typeof IngestBegunSchema>;

/** PUT /downloader/ingest/{ingestId}/file?path=: the file's path inside the download. */
export const IngestFileQuerySchema = z.object({ path: z.string().min(1).max(500) });

/** POST /downloader/ingest/{ingestId}/finish: the collection's name (null: its tags decide). */
export const IngestFinishSchema = z.object({ name: z.string().trim().max(200).nullish() }).strict();

/** POST /downloader/ingest/log: a node's log lines, stamped as they arrive. */
export const IngestLogSchema = z
  .object({ lines: z.array(z.string().max(4000)).max(1000) })
  .strict();
