import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { createDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrations';
import { seed } from '../../server/db/seed';

export const ADMIN = { username: 'admin', password: 'admin-password-123' };

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Builds another app on the same data dir and database (e.g. to test a restart). */
  rebuild(overrides?: Partial<BuildAppOptions>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export interface TestAppOptions extends Partial<Omit<BuildAppOptions, 'config' | 'db'>> {
  env?: Record<string, string>;
}

const usePostgres = (): boolean => process.env.TEST_DB === 'postgres';
const adminUrl = (): string =>
  process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh PostgreSQL database (for a test app, or to restore a backup into) and its removal. */
export async function createPgDatabase(
  prefix = 'musicbox_test',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      // Let the pool's sockets finish closing so FORCE has nothing left to terminate.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A real app on a temporary data dir, with SQLite or (TEST_DB=postgres) a throwaway database. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'musicbox-test-'));
  const pgDb = usePostgres() ? await createPgDatabase() : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_USER: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_URL: 'http://musicbox.test',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    // The run with the npm-shipped ffmpeg (scripts/test.sh) sets it for every app under test.
    ...(process.env.FFMPEG_PATH ? { FFMPEG_PATH: process.env.FFMPEG_PATH } : {}),
    ...options.env,
  });
  const { db, dialect } = createDatabase(config);
  await migrateToLatest(db, dialect);
  await seed(db, config);
  const { env: _env, ...buildOptions } = options;
  const apps: FastifyInstance[] = [];
  const build = async (overrides: Partial<BuildAppOptions> = {}): Promise<FastifyInstance> => {
    const app = await buildApp({
      config,
      db,
      clientDir: path.join(dataDir, 'no-client'),
      // Every answer a test gets is checked against its route's declared response schema.
      checkResponses: true,
      ...buildOptions,
      ...overrides,
    });
    apps.push(app);
    return app;
  };
  const app = await build();
  return {
    app,
    db,
    config,
    rebuild: build,
    async close() {
      for (const a of apps) await a.close();
      await db.destroy();
      await pgDb?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
