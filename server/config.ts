import path from 'node:path';
import { z } from 'zod';

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  smtpUrl: string | null;
  publicUrl: string;
  adminUser: string;
  adminPassword: string | null;
  demo: boolean;
  /** Folder an admin's background import reads (MUSIC_DIR); null when not configured. */
  musicDir: string | null;
  trustProxy: boolean;
  /** Multiplies every rate limit; test rigs that sign in hundreds of times raise it. */
  rateLimitScale: number;
  /** Base URL of the external track search (Deezer's public API shape), without a trailing slash. */
  externalSearchUrl: string;
  /** Payment providers; a provider without its keys is never offered. */
  payments: PaymentsConfig;
  /** FFMPEG_PATH: the one ffmpeg to run; null picks the system's, else the bundled one. */
  ffmpegPath: string | null;
  /** UPLOAD_MAX_BYTES: the largest audio file POST /api/upload takes (other kinds stay at 25 MB). */
  uploadMaxBytes: number;
  downloader: DownloaderConfig;
  /**
   * APP_SECRET_KEY: the 32-byte key (base64) that encrypts app passwords at rest; null keeps
   * it in DATA_DIR/secret.key, created on first start (server/security/secret-box.ts).
   */
  appSecretKey: Buffer | null;
  /** ListenBrainz and Last.fm: where their APIs are and this server's Last.fm key. */
  scrobbling: ScrobblingConfig;
}

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

function loadScrobbling(env: Env): ScrobblingConfig {
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

function loadDownloader(env: Env): DownloaderConfig {
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

function loadPayments(env: Env): PaymentsConfig {
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

type Env = Record<string, string | undefined>;

const optional = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === '' ? undefined : value.trim();

const portSchema = z.coerce.number().int().min(1).max(65535);

function parseBool(name: string, value: string | undefined, fallback: boolean): boolean {
  const v = optional(value)?.toLowerCase();
  if (v === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new Error(`${name} must be true or false (or 1 / 0)`);
}

function parseUrl(name: string, value: string, protocols: string[]): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be a valid URL, got "${value}"`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new Error(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return url;
}

function parseScale(value: string | undefined): number {
  const raw = optional(value);
  if (raw === undefined) return 1;
  const scale = Number(raw);
  if (!Number.isFinite(scale) || scale < 1 || scale > 10_000) {
    throw new Error('RATE_LIMIT_SCALE must be a number from 1 to 10000');
  }
  return scale;
}

const GIB = 1024 * 1024 * 1024;

/** Whole bytes from 1 MiB to 64 GiB: a smaller limit refuses ordinary songs, a larger one fills disks. */
export function parseUploadMax(value: string | undefined): number {
  const raw = optional(value);
  if (raw === undefined) return 2 * GIB;
  const bytes = Number(raw);
  if (!/^\d+$/.test(raw) || bytes < 1024 * 1024 || bytes > 64 * GIB) {
    throw new Error(
      'UPLOAD_MAX_BYTES must be a whole number of bytes from 1048576 (1 MiB) to 64 GiB',
    );
  }
  return bytes;
}

/**
 * A path to the ffmpeg program (made absolute) or a bare command name looked up on PATH. Whether
 * it runs is checked at start: a missing binary turns media features off, it does not stop the server.
 */
export function parseFfmpegPath(value: string | undefined): string | null {
  const raw = optional(value);
  if (raw === undefined) return null;
  // Control characters are never part of a real path; they are a pasting mistake or an attack.
  if ([...raw].some((ch) => ch.charCodeAt(0) < 0x20)) {
    throw new Error('FFMPEG_PATH must be a path to the ffmpeg program, e.g. /usr/bin/ffmpeg');
  }
  return raw.includes('/') || raw.includes(path.sep) ? path.resolve(raw) : raw;
}

/** 32 bytes as base64 (or base64url), e.g. `openssl rand -base64 32`. */
export function parseSecretKey(value: string | undefined): Buffer | null {
  const raw = optional(value);
  if (raw === undefined) return null;
  const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(raw) ? Buffer.from(raw, 'base64') : null;
  if (key?.length !== 32) {
    throw new Error(
      'APP_SECRET_KEY must be 32 bytes in base64, e.g. from: openssl rand -base64 32',
    );
  }
  return key;
}

/** Reads and checks the environment once at start; every problem names its variable. */
export function loadConfig(env: Env = process.env): Config {
  const rawPort = optional(env.PORT);
  const port = portSchema.safeParse(rawPort ?? '8080');
  if (!port.success || (rawPort !== undefined && !/^\d+$/.test(rawPort))) {
    throw new Error('PORT must be an integer from 1 to 65535');
  }

  const host = optional(env.HOST) ?? '0.0.0.0';
  const dataDir = path.resolve(optional(env.DATA_DIR) ?? './data');

  const rawDb = optional(env.DATABASE_URL);
  let database: DatabaseConfig;
  if (rawDb === undefined) {
    database = { kind: 'sqlite', file: path.join(dataDir, 'musicbox.db') };
  } else if (/^postgres(ql)?:\/\//.test(rawDb)) {
    parseUrl('DATABASE_URL', rawDb, ['postgres:', 'postgresql:']);
    database = { kind: 'postgres', url: rawDb };
  } else if (rawDb.startsWith('sqlite:')) {
    const file = rawDb.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (file === '')
      throw new Error('DATABASE_URL sqlite: must name a file, e.g. sqlite:./data/musicbox.db');
    database = { kind: 'sqlite', file: path.resolve(file) };
  } else {
    throw new Error('DATABASE_URL must start with postgres://, postgresql:// or sqlite:');
  }

  const smtpUrl = optional(env.SMTP_URL) ?? null;
  if (smtpUrl !== null) parseUrl('SMTP_URL', smtpUrl, ['smtp:', 'smtps:']);

  const rawPublic = optional(env.PUBLIC_URL);
  const publicUrl = (
    rawPublic === undefined
      ? `http://localhost:${port.data}`
      : parseUrl('PUBLIC_URL', rawPublic, ['http:', 'https:']).toString()
  ).replace(/\/+$/, '');

  const adminUser = optional(env.ADMIN_USER) ?? 'admin';
  if (!/^[\p{L}\p{N}_.-]{4,32}$/u.test(adminUser)) {
    throw new Error('ADMIN_USER must be 4 to 32 letters, digits, dots, dashes or underscores');
  }
  const adminPassword =
    env.ADMIN_PASSWORD === undefined || env.ADMIN_PASSWORD === '' ? null : env.ADMIN_PASSWORD;
  if (adminPassword !== null && adminPassword.length < 8) {
    throw new Error('ADMIN_PASSWORD must be at least 8 characters');
  }

  return {
    port: port.data,
    host,
    dataDir,
    database,
    smtpUrl,
    publicUrl,
    adminUser,
    adminPassword,
    demo: parseBool('DEMO', env.DEMO, true),
    musicDir:
      optional(env.MUSIC_DIR) === undefined ? null : path.resolve(optional(env.MUSIC_DIR) ?? ''),
    trustProxy: parseBool('TRUST_PROXY', env.TRUST_PROXY, false),
    rateLimitScale: parseScale(env.RATE_LIMIT_SCALE),
    externalSearchUrl: parseUrl(
      'EXTERNAL_SEARCH_URL',
      optional(env.EXTERNAL_SEARCH_URL) ?? 'https://api.deezer.com',
      ['http:', 'https:'],
    )
      .toString()
      .replace(/\/+$/, ''),
    payments: loadPayments(env),
    ffmpegPath: parseFfmpegPath(env.FFMPEG_PATH),
    uploadMaxBytes: parseUploadMax(env.UPLOAD_MAX_BYTES),
    downloader: loadDownloader(env),
    appSecretKey: parseSecretKey(env.APP_SECRET_KEY),
    scrobbling: loadScrobbling(env),
  };
}

/** The config for a process that cannot run without it: a bad value prints why and exits. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    console.error(`Musicbox cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
}
