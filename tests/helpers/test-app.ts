import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { createDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrations';
import { seed } from '../../server/root/seed';
import { pgAdminQuery, pgDatabaseUrl } from './database-template';
import { s3TestEnv } from './s3-test-storage';

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

/**
 * A fresh PostgreSQL database (for a test app, or to restore a backup into) and its removal.
 * `template`: a database to copy (already migrated) instead of starting empty.
 */
export async function createPgDatabase(
  prefix = 'musicbox_test',
  template = '',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await pgAdminQuery(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  // A commit returns before its WAL reaches the disk: a test database outlives no power cut, and
  // the PostgreSQL step's commits each waited for an fsync (26,000 in a run: 352 s, then 310 s
  // without). Every session sees what was committed as before; the app's own code is unchanged.
  await pgAdminQuery(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  return {
    url: pgDatabaseUrl(name),
    async drop() {
      // Let the pool's sockets finish closing so FORCE has nothing left to terminate.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await pgAdminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** A real app on a temporary data dir, with SQLite or (TEST_DB=postgres) a throwaway database. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'musicbox-test-'));
  // The run's migrated template (database-template.ts), copied: migrating takes far longer.
  const pgDb = usePostgres()
    ? await createPgDatabase(inject('pgRunPrefix') ?? 'musicbox_test', inject('pgTemplate'))
    : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_USER: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_URL: 'http://musicbox.test',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    // The run with the npm-shipped ffmpeg (scripts/test.sh) sets it for every app under test.
    ...(process.env.FFMPEG_PATH ? { FFMPEG_PATH: process.env.FFMPEG_PATH } : {}),
    // The run on object storage (TEST_STORAGE=s3) gives every app a bucket of its own.
    ...(await s3TestEnv()),
    // MUSIC_DIR is not watched unless a test asks (LIBRARY_WATCH=1).
    LIBRARY_WATCH: '0',
    ...options.env,
  });
  // Likewise the SQLite template, into the fresh data dir (not a file a test named itself).
  const sqliteTemplate = inject('sqliteTemplate');
  const ownFile = path.join(dataDir, 'musicbox.db');
  if (sqliteTemplate && config.database.kind === 'sqlite' && config.database.file === ownFile)
    await fs.copyFile(sqliteTemplate, ownFile, fs.constants.COPYFILE_EXCL);
  const { db, dialect } = createDatabase(config);
  // Nothing to do on a copy of the template; still asked, so an app never runs unmigrated.
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
      if (inject('pgTemplate')) {
        // Not waited for: DROP DATABASE waits for a checkpoint (0.5 to 4 s on a busy machine)
        // and nothing reads the database again. The run's teardown (database-template.ts)
        // drops any that a test process ended before dropping.
        pgDb?.drop().catch((error: unknown) => console.warn(`Not dropped yet: ${String(error)}`));
      } else {
        await pgDb?.drop();
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
