import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from '../../server/node/net/free-port';

const ROOT = resolve(import.meta.dirname, '..', '..');
const START_TRIES = 3;

export interface StartedServer {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far. */
  output(): string;
  exited: Promise<void>;
}

/**
 * TEST_PROCESSES=N runs every PostgreSQL server of these tests as N processes on one port
 * (PROCESSES, decision 0069): the CI's several-cores step runs the multi-server suites so.
 */
function processesFor(env: Record<string, string>): Record<string, string> {
  const processes = process.env.TEST_PROCESSES;
  if (processes === undefined || env.PROCESSES !== undefined) return {};
  return env.DATABASE_URL?.startsWith('postgres') === true ? { PROCESSES: processes } : {};
}

/**
 * A real app server process (`tsx server/main.ts`) on a free port, waited for until it says it
 * runs. The port is free when picked but only bound seconds later, so another process may take
 * it meanwhile: a start that fails with EADDRINUSE is tried again on another port.
 */
export async function startServerProcess(
  env: Record<string, string>,
  record: (chunk: Buffer) => void = () => undefined,
): Promise<StartedServer> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      // MUSIC_DIR is not watched unless a test asks (LIBRARY_WATCH=1).
      env: {
        ...process.env,
        TEST_DB: '',
        LIBRARY_WATCH: '0',
        ...env,
        ...processesFor(env),
        PORT: String(port),
        PUBLIC_URL: url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      record(chunk);
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    const deadline = Date.now() + 90_000;
    while (!output.includes('Musicbox is running')) {
      if (child.exitCode !== null && output.includes('EADDRINUSE') && attempt < START_TRIES) break;
      if (Date.now() > deadline || child.exitCode !== null) {
        child.kill('SIGKILL');
        throw new Error(`the server did not start:\n${output}`);
      }
      await new Promise((done) => setTimeout(done, 50));
    }
    if (output.includes('Musicbox is running')) return { url, child, output: () => output, exited };
  }
}
