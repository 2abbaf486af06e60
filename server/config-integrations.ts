import { optional, parseBool, parseUrl, type Env } from './config-parse';

/* The variables of services outside this server: scrobbling, downloads, payments. */

export interface ScrobblingConfig {
  /** LISTENBRAINZ_API_URL, without a trailing slash (a self-hosted instance, or a test fake). */
  listenbrainzUrl: string;
  /** LASTFM_API_URL: the 2.0 endpoint, e.g. https://ws.audioscrobbler.com/2.0/. */
  lastfmUrl: string;
  /** LASTFM_AUTH_URL: the page users grant access on. */
  lastfmAuthUrl: string;
  /** LASTFM_API_KEY and LASTFM_API_SECRET; null (Last.fm not offered) unless both are set. */
  lastfm: { apiKey: string; secret: string } | null;
  /** SCROBBLE_RETRY_MS: the first wait after a failed send; it doubles with each failure. */
  retryMs: number;
}

export function loadScrobbling(env: Env): ScrobblingConfig {
  const url = (name: string, fallback: string) =>
    parseUrl(name, optional(env[name]) ?? fallback, ['http:', 'https:']).toString();
  const apiKey = optional(env.LASTFM_API_KEY);
  const secret = optional(env.LASTFM_API_SECRET);
  const retryMs = Number(optional(env.SCROBBLE_RETRY_MS) ?? 30_000);
  if (!Number.isInteger(retryMs) || retryMs < 10 || retryMs > 3_600_000) {
    throw new Error('SCROBBLE_RETRY_MS must be whole milliseconds from 10 to 3600000');
  }
  return {
    listenbrainzUrl: url('LISTENBRAINZ_API_URL', 'https://api.listenbrainz.org').replace(
      /\/+$/,
      '',
    ),
    lastfmUrl: url('LASTFM_API_URL', 'https://ws.audioscrobbler.com/2.0/'),
    lastfmAuthUrl: url('LASTFM_AUTH_URL', 'https://www.last.fm/api/auth/'),
    lastfm: apiKey !== undefined && secret !== undefined ? { apiKey, secret } : null,
    retryMs,
  };
}

export interface DownloaderConfig {
  /** DOWNLOADER_ALLOW_PRIVATE: url downloads and feeds may reach loopback/private addresses. */
  allowPrivate: boolean;
  /** DOWNLOADER_MAX_BYTES: the largest file (or unzipped album) the url source takes. */
  maxBytes: number;
  /** NODE_TOKEN: set in node mode; the main app presents it and the node presents it back. */
  nodeToken: string | null;
}

export function loadDownloader(env: Env): DownloaderConfig {
  const rawMax = optional(env.DOWNLOADER_MAX_BYTES);
  const maxBytes = rawMax === undefined ? 2 * 1024 ** 3 : Number(rawMax);
  if (!Number.isInteger(maxBytes) || maxBytes < 1024)
    throw new Error('DOWNLOADER_MAX_BYTES must be a whole number of bytes (1024 or more)');
  const nodeToken = optional(env.NODE_TOKEN) ?? null;
  if (nodeToken !== null && !/^[\x21-\x7e]{16,256}$/.test(nodeToken))
    throw new Error('NODE_TOKEN must be 16 to 256 printable characters without spaces');
  return {
    allowPrivate: parseBool('DOWNLOADER_ALLOW_PRIVATE', env.DOWNLOADER_ALLOW_PRIVATE, false),
    maxBytes,
    nodeToken,
  };
}

export interface PaymentsConfig {
  stripe: { secretKey: string; webhookSecret: string; apiUrl: URL | null } | null;
  sellix: { apiKey: string; webhookSecret: string; apiUrl: string } | null;
  /** Test-only: exit after a webhook is verified, before its fulfilment commits. */
  crashBeforeFulfil: boolean;
  /** Names (never values) of the variables a provider still lacks, for the admins' status. */
  missing: { stripe: string[]; sellix: string[] };
}

const missingNames = (values: Record<string, string | undefined>): string[] =>
  Object.entries(values)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);

export function loadPayments(env: Env): PaymentsConfig {
  const stripeKey = optional(env.STRIPE_SECRET_KEY);
  const stripeHook = optional(env.STRIPE_WEBHOOK_SECRET);
  const stripeUrl = optional(env.STRIPE_API_URL);
  const sellixKey = optional(env.SELLIX_API_KEY);
  const sellixHook = optional(env.SELLIX_WEBHOOK_SECRET);
  return {
    stripe:
      stripeKey !== undefined && stripeHook !== undefined
        ? {
            secretKey: stripeKey,
            webhookSecret: stripeHook,
            apiUrl:
              stripeUrl === undefined
                ? null
                : parseUrl('STRIPE_API_URL', stripeUrl, ['http:', 'https:']),
          }
        : null,
    sellix:
      sellixKey !== undefined && sellixHook !== undefined
        ? {
            apiKey: sellixKey,
            webhookSecret: sellixHook,
            apiUrl: parseUrl(
              'SELLIX_API_URL',
              optional(env.SELLIX_API_URL) ?? 'https://dev.sellix.io',
              ['http:', 'https:'],
            )
              .toString()
              .replace(/\/+$/, ''),
          }
        : null,
    crashBeforeFulfil: parseBool('STORE_CRASH_BEFORE_FULFIL', env.STORE_CRASH_BEFORE_FULFIL, false),
    missing: {
      stripe: missingNames({ STRIPE_SECRET_KEY: stripeKey, STRIPE_WEBHOOK_SECRET: stripeHook }),
      sellix: missingNames({ SELLIX_API_KEY: sellixKey, SELLIX_WEBHOOK_SECRET: sellixHook }),
    },
  };
}
