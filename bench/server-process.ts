import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { treeCpu } from './process-tree-cpu';
import { openSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';

export interface RunningServer {
  base: string;
  cookie: string;
  child: ChildProcess;
  /** Resident set size of the server process, from /proc. */
  rss(): Promise<number>;
  /**
   * Resolves once the server and its children have been quiet for a while: after a first start
   * the loudness backfill runs ffmpeg over the demo library for a minute, from 30 s on, and a
   * browser measured meanwhile shares the two cores with it.
   */
  untilIdle(): Promise<void>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * One reading of the server's tree: its CPU ticks, all processes together, and whether it has
 * children at work (ffmpeg and the like). The workers of a server run as several processes
 * (PROCESSES) are node processes that live as long as it does: their CPU counts in the ticks.
 */
async function readTree(pid: number): Promise<{ ticks: number; children: boolean }> {
  const tree = await treeCpu(pid);
  let seconds = 0;
  for (const { seconds: used } of tree.values()) seconds += used;
  const children = [...tree].some(([child, { name }]) => child !== pid && name !== 'node');
  return { ticks: Math.round(seconds * TICKS_PER_SECOND), children };
}

const TICKS_PER_SECOND = 100;

async function untilQuiet(pid: number, startedAt: number): Promise<void> {
  const earliest = startedAt + 35_000;
  const quietFor = 5_000;
  const deadline = Date.now() + 300_000;
  let quietSince = Date.now();
  let lastTicks = (await readTree(pid)).ticks;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1000));
    const { ticks, children } = await readTree(pid);
    const busy = ticks - lastTicks > TICKS_PER_SECOND * 0.1 || children;
    lastTicks = ticks;
    if (busy) quietSince = Date.now();
    else if (Date.now() >= earliest && Date.now() - quietSince >= quietFor) return;
  }
  throw new Error('the server was still busy after 300 s');
}

const cookiesOf = (res: Response): string[] =>
  res.headers.getSetCookie().map((c) => c.split(';')[0]!);

/**
 * The real server in its own process (as `npm start` runs it), so the benchmark's HTTP client
 * and the server do not share one event loop.
 */
export async function startServer(
  dataDir: string,
  password: string,
  env: Record<string, string> = {},
  port?: number,
): Promise<RunningServer> {
  port ??= await freePort();
  const startedAt = Date.now();
  const base = `http://127.0.0.1:${port}`;
  // The compiled server, as `npm start` runs it: no tsx loader, and no esbuild service whose
  // child process would look like background work to untilIdle.
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'ignore' });
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": where a step's time goes
  // (node refuses --cpu-prof in NODE_OPTIONS).
  // BENCH_SERVER_OUTPUT=/tmp/server.log keeps what the server prints (with --trace-gc: its pauses).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const output = process.env.BENCH_SERVER_OUTPUT;
  const sink = output ? openSync(output, 'a') : 'ignore';
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '0',
      ADMIN_PASSWORD: password,
      ...env,
    },
    stdio: ['ignore', sink, sink],
  });
  // With DEMO=1 the first start generates the demo library (about 30 s on two cores).
  const deadline = Date.now() + 180_000;
  let xsrf = '';
  for (;;) {
    try {
      const res = await fetch(`${base}/api/settings/public`);
      xsrf = cookiesOf(res).find((c) => c.startsWith('XSRF-TOKEN=')) ?? '';
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running: an orphan server would load every later measurement.
      child.kill('SIGKILL');
      throw new Error('the server did not start within 180 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: xsrf,
      'x-xsrf-token': xsrf.split('=')[1] ?? '',
    },
    body: JSON.stringify({ username: 'admin', password }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const cookie = [xsrf, ...cookiesOf(login)].join('; ');
  return {
    base,
    cookie,
    child,
    async rss() {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    },
    untilIdle: () => untilQuiet(child.pid ?? 0, startedAt),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
