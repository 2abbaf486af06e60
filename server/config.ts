import path from 'node:path';
import { z } from 'zod';
import {
  loadDownloader,
  loadPayments,
  loadScrobbling,
  type DownloaderConfig,
  type PaymentsConfig,
  type ScrobblingConfig,
} from './config-integrations';
import { optional, parseBool, parseUrl, type Env } from './config-parse';
import { loadLibraryConfig, type LibraryConfig } from './config-library';
import { loadConnectionsConfig, type ConnectionsConfig } from './config-connections';
import { loadStorageConfig, type StorageConfig } from './storage/storage-config';
import { loadJobsConfig, type JobsConfig } from './jobs/queue/jobs-config';

export type { DownloaderConfig, PaymentsConfig, ScrobblingConfig };

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
  /** MISSING_RETENTION_DAYS: how long a file gone from MUSIC_DIR stays (hidden) before purge. */
  missingRetentionDays: number;
  /** SCAN_INTERVAL, LIBRARY_WATCH: how MUSIC_DIR is followed (server/config-library.ts). */
  library: LibraryConfig;
  trustProxy: boolean;
  /** Multiplies every rate limit; test rigs that sign in hundreds of times raise it. */
  rateLimitScale: number;
  /**
   * SHUTDOWN_GRACE_MS: after SIGTERM, how long running requests (a stream, an upload) may go
   * on before their connections are closed; new connections are refused at once.
   */
  shutdownGraceMs: number;
  /** LOG_LEVEL: pino's level for the server log (info, default, writes one line per request). */
  logLevel: LogLevel;
  /**
   * LOUDNESS_BACKFILL_DELAY_MS: how long after start the loudness backfill begins (30 s: the
   * first requests come first). The crash tests start it at once.
   */
  loudnessBackfillDelayMs: number;
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
  /** S3_*: object storage when S3_BUCKET is set, else the DATA_DIR folder (server/storage/). */
  storage: StorageConfig;
  /** SESSION_SWEEP_SECONDS, JOB_LEASE_SECONDS: the job queue's periods (server/jobs/queue/). */
  jobs: JobsConfig;
  /** MAX_CONNECTIONS, LISTEN_BACKLOG (issue 51). */
  connections: ConnectionsConfig;
}

const portSchema = z.coerce.number().int().min(1).max(65535);

function parseScale(value: string | undefined): number {
  const raw = optional(value);
  if (raw === undefined) return 1;
  const scale = Number(raw);
  if (!Number.isFinite(scale) || scale < 1 || scale > 10_000) {
    throw new Error('RATE_LIMIT_SCALE must be a number from 1 to 10000');
  }
  return scale;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

function parseLogLevel(value: string | undefined): LogLevel {
  const raw = optional(value) ?? 'info';
  const level = LOG_LEVELS.find((l) => l === raw);
  if (level === undefined) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  return level;
}

/** Whole days from 1 to 3650: a file gone longer than this is purged with its likes. */
function parseRetention(value: string | undefined): number {
  const raw = optional(value);
  if (raw === undefined) return 30;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 3650)
    throw new Error('MISSING_RETENTION_DAYS must be whole days from 1 to 3650');
  return Number(raw);
}

function parseGrace(value: string | undefined): number {
  const raw = optional(value);
  if (raw === undefined) return 10_000;
  const ms = Number(raw);
  if (!/^\d+$/.test(raw) || ms > 600_000) {
    throw new Error('SHUTDOWN_GRACE_MS must be whole milliseconds from 0 to 600000');
  }
  return ms;
}

function parseBackfillDelay(value: string | undefined): number {
  const raw = optional(value);
  if (raw === undefined) return 30_000;
  if (!/^\d+$/.test(raw) || Number(raw) > 3_600_000)
    throw new Error('LOUDNESS_BACKFILL_DELAY_MS must be whole milliseconds from 0 to 3600000');
  return Number(raw);
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

  const connections = loadConnectionsConfig(env);
  // Every process would open the file and keep its own rate limits, job queue and caches:
  // several processes need the shared database (decision 0069).
  if (connections.processes > 1 && database.kind !== 'postgres')
    throw new Error(
      'PROCESSES above 1 needs PostgreSQL (DATABASE_URL=postgres://...); SQLite runs in one process',
    );

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
    missingRetentionDays: parseRetention(env.MISSING_RETENTION_DAYS),
    library: loadLibraryConfig(env),
    trustProxy: parseBool('TRUST_PROXY', env.TRUST_PROXY, false),
    rateLimitScale: parseScale(env.RATE_LIMIT_SCALE),
    shutdownGraceMs: parseGrace(env.SHUTDOWN_GRACE_MS),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    loudnessBackfillDelayMs: parseBackfillDelay(env.LOUDNESS_BACKFILL_DELAY_MS),
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
    storage: loadStorageConfig(env, dataDir),
    jobs: loadJobsConfig(env),
    connections,
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
