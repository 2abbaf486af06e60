import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { Db } from '../../server/db/database';
import { startServerProcess } from '../helpers/server-process';

const run = promisify(execFile);

export interface AppServer {
  url: string;
  pid: number;
  /** Everything the process wrote (pino JSON lines and plain lines). */
  output(): string;
  kill9(): Promise<void>;
}

/** A real app server process (`tsx server/main.ts`, as tests/crash does), started and ready. */
export async function startServer(env: Record<string, string>): Promise<AppServer> {
  const { url, child, output, exited } = await startServerProcess(env);
  return {
    url,
    pid: child.pid!,
    output,
    async kill9() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** The administrator's password every app server of these tests is seeded with. */
export const ADMIN_PASSWORD = 'two-servers-admin-42';

/**
 * Two app servers on one data folder and one database, as behind a load balancer, started one
 * after the other (the first seeds the administrator); `knobs` adds a test's own variables.
 */
export async function startTwoServers(
  dataDir: string,
  databaseUrl: string,
  knobs: Record<string, string>,
): Promise<AppServer[]> {
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DEMO: '0',
    ADMIN_PASSWORD,
    HOST: '127.0.0.1',
    RATE_LIMIT_SCALE: '1000',
    LOUDNESS_BACKFILL_DELAY_MS: '3600000',
    ...knobs,
  };
  const first = await startServer(env);
  try {
    return [first, await startServer(env)];
  } catch (error) {
    await first.kill9();
    throw error;
  }
}

/** The pino lines of `output` whose msg is `msg`. */
export function logLines(output: string, msg: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes(`"msg":"${msg}"`))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/**
 * The process (of `servers`) whose connection holds the library-import lease, if any: the
 * lock's backend answers its client's port, and `ss` names the process on that port.
 */
export async function importLeaseHolder(db: Db, servers: AppServer[]): Promise<AppServer | null> {
  const { rows } = await sql<{ port: number }>`
    SELECT a.client_port AS port FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
    WHERE l.locktype = 'advisory' AND l.granted AND l.classid = ${0x6d626c69}`.execute(db);
  const port = rows[0]?.port;
  if (port === undefined) return null;
  const { stdout } = await run('ss', ['-tnpH', 'state', 'established', `( sport = :${port} )`]);
  const pid = Number(/pid=(\d+)/.exec(stdout)?.[1]);
  return servers.find((server) => server.pid === pid) ?? null;
}
