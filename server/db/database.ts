import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import { CachedSqliteDialect } from './sqlite-driver';
import type { Database } from './tables';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface OpenDatabase {
  db: Db;
  dialect: Dialect;
}

export function createDatabase(config: { database: DatabaseConfig }): OpenDatabase {
  const { database } = config;
  if (database.kind === 'postgres') {
    // A database that does not answer fails a request within 5 s (answered 503), instead of
    // holding it, and its socket, until the client gives up.
    const pool = new pg.Pool({
      connectionString: database.url,
      max: 10,
      connectionTimeoutMillis: 5_000,
      // JIT compiling pays off for long reports, not for the app's short queries: it added
      // 40 ms to 1.5 s to searches whose estimated cost crossed jit_above_cost (issue 51).
      // Parallel workers likewise: starting two took about 40 ms of a Subsonic sync page's 80
      // (its work was 20 ms) at 1,000,000 files, and a server answering many callers has no
      // idle cores to lend one query. A random page costs little more than a sequential one
      // when the catalogue is in memory (the default, 4, is for spinning disks): at 4 a text
      // search read every collection starting with its letters and sorted them (10.7 ms) where
      // walking their index newest first stops at the page (5.4 ms; decision 0073).
      options: '-c jit=off -c max_parallel_workers_per_gather=0 -c random_page_cost=1.1',
    });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    // A connection lost while a query runs on it: that query rejects (and its request is
    // answered 503), but the client also emits 'error', and pg-pool listens only on idle ones;
    // unheard, it would end the process (issue 31 §3).
    pool.on('connect', (client) => client.on('error', () => undefined));
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
    };
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SqliteDatabase(database.file);
  configureSqlite(sqlite);
  return {
    db: new Kysely<Database>({ dialect: new CachedSqliteDialect(sqlite) }),
    dialect: 'sqlite',
  };
}

/** Connection settings for the embedded database (also used by the benchmarks). */
export function configureSqlite(sqlite: SqliteDatabase.Database): void {
  // WAL lets readers run while one writer commits; busy_timeout waits instead of failing.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // No memory map and a 32 MiB page cache (decision 0053): at 1,000,000 files the 256 MiB map
  // filled with the database as soon as a search or a migration read it, and counted in the
  // server's resident memory (295 MiB file-backed at start); the kernel's page cache keeps the
  // rest of the file hot without counting against the process.
  sqlite.pragma('cache_size = -32768');
  sqlite.pragma('mmap_size = 0');
  sqlite.pragma('temp_store = MEMORY');
}

export const nowIso = (): string => new Date().toISOString();

export const toBool = (value: number | null | undefined): boolean => value === 1;
export const fromBool = (value: boolean): number => (value ? 1 : 0);

/** Parses a JSON text column, falling back when a row holds something unexpected. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
