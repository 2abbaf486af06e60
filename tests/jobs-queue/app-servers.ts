import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { Db } from '../../server/db/database';
import { freePort } from '../../server/node/net/free-port';

const ROOT = resolve(import.meta.dirname, '..', '..');
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
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, TEST_DB: '', ...env, PORT: String(port), PUBLIC_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 90_000;
  while (!output.includes('Musicbox is running')) {
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`the server did not start:\n${output}`);
    await new Promise((done) => setTimeout(done, 50));
  }
  return {
    url,
    pid: child.pid!,
    output: () => output,
    async kill9() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
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
