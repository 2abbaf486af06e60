import type { ChildProcess } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFailed } from 'vitest';
import { loadConfig } from '../../server/config';
import { createDatabase, type Db } from '../../server/db/database';
import { startServerProcess } from '../helpers/server-process';
import { createPgDatabase } from '../helpers/test-app';

export const ADMIN_PASSWORD = 'crash-admin-password-42';

export interface ServerProcess {
  url: string;
  /** SIGKILL: no shutdown hook runs, as in a crash or `kill -9`. */
  kill9(): Promise<void>;
}

/**
 * One data dir and database that server processes come and go on: `start` runs
 * `tsx server/main.ts` (as tests/health/graceful-stop does) with the same DATA_DIR and
 * DATABASE_URL each time (SQLite, or a fresh PostgreSQL database when TEST_DB=postgres).
 * Every process writes to one log file, printed when the test fails.
 */
export interface CrashBench {
  dataDir: string;
  /** A music folder beside DATA_DIR (a library is never inside it), removed with the bench. */
  musicDir: string;
  /** The test's own connection, to see what landed. */
  db: Db;
  log: string;
  start(env?: Record<string, string>): Promise<ServerProcess>;
  close(): Promise<void>;
}

export async function crashBench(env: Record<string, string> = {}): Promise<CrashBench> {
  const dataDir = await mkdtemp(join(tmpdir(), 'musicbox-crash-'));
  const musicDir = await mkdtemp(join(tmpdir(), 'musicbox-crash-music-'));
  const pg = process.env.TEST_DB === 'postgres' ? await createPgDatabase('musicbox_crash') : null;
  const log = join(dataDir, 'server.log');
  const baseEnv = {
    DATA_DIR: dataDir,
    DATABASE_URL: pg?.url ?? '',
    DEMO: '0',
    ADMIN_PASSWORD,
    HOST: '127.0.0.1',
    RATE_LIMIT_SCALE: '1000',
    ...env,
  };
  const children: ChildProcess[] = [];
  let dbHandle: Db | null = null;
  // Request lines are left out: the rest says what the server did.
  onTestFailed(() => {
    const lines = readFileSync(log, 'utf8').split('\n');
    const told = lines.filter((line) => !/"msg":"(incoming request|request completed)"/.test(line));
    console.log(`--- server log\n${told.join('\n')}`);
  });

  const start = async (more: Record<string, string> = {}): Promise<ServerProcess> => {
    const { url, child, exited } = await startServerProcess({ ...baseEnv, ...more }, (chunk) =>
      appendFileSync(log, chunk),
    );
    children.push(child);
    return {
      url,
      async kill9() {
        if (child.exitCode !== null || child.signalCode !== null) return;
        appendFileSync(log, '--- SIGKILL\n');
        child.kill('SIGKILL');
        await exited;
      },
    };
  };

  return {
    dataDir,
    musicDir,
    log,
    start,
    get db() {
      // Opened after the first server migrated the schema.
      dbHandle ??= createDatabase(
        loadConfig({ DATA_DIR: dataDir, DATABASE_URL: baseEnv.DATABASE_URL }),
      ).db;
      return dbHandle;
    },
    async close() {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
      await Promise.all(
        children.map((c) =>
          c.exitCode !== null || c.signalCode !== null
            ? null
            : new Promise((done) => c.once('exit', done)),
        ),
      );
      await dbHandle?.destroy();
      await pg?.drop();
      await rm(dataDir, { recursive: true, force: true });
      await rm(musicDir, { recursive: true, force: true });
    },
  };
}
