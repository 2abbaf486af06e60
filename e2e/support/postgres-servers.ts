import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startExtraServer, type ExtraServer } from './extra-server';

/** The PostgreSQL server the two-server runs use (trust auth on CI and here). */
export const pgAdminUrl = (): string =>
  process.env.E2E_PG_URL ??
  process.env.TEST_PG_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgAdminUrl(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Why PostgreSQL cannot be used (its connection error), or null when it answers. */
export async function postgresUnreachable(): Promise<string | null> {
  try {
    await adminQuery('SELECT 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export interface ServersOnPostgres {
  /** App servers on one throwaway database, sharing one data directory (media, secret key). */
  servers: [ExtraServer, ExtraServer];
  /** The MUSIC_DIR both read; the admin library import of either imports it. */
  musicDir: string;
  close(): Promise<void>;
}

/**
 * Two app servers as a deployment behind a load balancer runs them (decision 0064): one
 * PostgreSQL database (created for the run, dropped after), one data directory, each its own
 * port and PUBLIC_URL. The first migrates and seeds the administrator before the second starts.
 */
export async function startServersOnPostgres(): Promise<ServersOnPostgres> {
  const name = `musicbox_e2e_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(pgAdminUrl());
  url.pathname = `/${name}`;
  const root = await mkdtemp(join(tmpdir(), 'musicbox-e2e-pg-'));
  const musicDir = join(root, 'music');
  await mkdir(musicDir, { recursive: true });
  const env = {
    DATABASE_URL: url.toString(),
    DATA_DIR: join(root, 'data'),
    MUSIC_DIR: musicDir,
    // The spec imports through the admin call; watchers on both would scan on every write.
    LIBRARY_WATCH: '0',
  };
  const started: ExtraServer[] = [];
  const close = async () => {
    await Promise.all(started.map((server) => server.close()));
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await rm(root, { recursive: true, force: true });
  };
  try {
    started.push(await startExtraServer(env));
    started.push(await startExtraServer(env));
  } catch (error) {
    await close();
    throw error;
  }
  return { servers: [started[0]!, started[1]!], musicDir, close };
}
