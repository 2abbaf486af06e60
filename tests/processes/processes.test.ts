import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HttpClient } from '../crash/http-client';
import { createPgDatabase } from '../helpers/test-app';
import { startServerProcess, type StartedServer } from '../helpers/server-process';

const onPostgres = process.env.TEST_DB === 'postgres';
const PASSWORD = 'processes-admin-42';

/** The live children of `pid` (the cluster's workers), from /proc. */
async function childrenOf(pid: number): Promise<number[]> {
  const text = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  return text
    .trim()
    .split(/\s+/)
    .filter((s) => s !== '')
    .map(Number);
}

async function until<T>(probe: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((done) => setTimeout(done, 100));
  }
}

/**
 * One request on a connection of its own, as a new visitor makes it: node:cluster hands out
 * connections, not requests, so a kept-alive connection would stay with one process.
 */
function fresh(
  url: string,
  options: { method?: string; headers?: Record<string, string>; json?: unknown } = {},
): Promise<{ status: number; body: string }> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: options.method ?? 'GET',
        agent: false,
        headers: {
          connection: 'close',
          ...options.headers,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The pids of the pino lines that logged a request for `url`. */
function pidsServing(output: string, url: string): Set<number> {
  const pids = new Set<number>();
  for (const line of output.split('\n')) {
    if (!line.startsWith('{') || !line.includes('"request completed"')) continue;
    const entry = JSON.parse(line) as { pid: number; req?: { url?: string } };
    if (entry.req?.url === url) pids.add(entry.pid);
  }
  return pids;
}

/**
 * PROCESSES=2 (decision 0069): one port, two server processes under a primary that serves
 * nothing itself. Requests reach both; a session, a rate limit and a backup are one across
 * them; a process that dies is replaced while the other answers; SIGTERM ends them all.
 */
describe.runIf(onPostgres)('several server processes on one port', () => {
  let work: string;
  let pgDb: { url: string; drop(): Promise<void> };
  let server: StartedServer;
  const primary = () => server.child.pid!;
  /** How many processes logged `url`, waiting up to `until`'s deadline for `expected`. */
  const servingCount = async (url: string, expected: number) =>
    await until(
      () => Promise.resolve(pidsServing(server.output(), url).size),
      (count) => count >= expected,
    );

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'musicbox-processes-'));
    pgDb = await createPgDatabase(inject('pgRunPrefix'), inject('pgTemplate'));
    server = await startServerProcess({
      DATA_DIR: work,
      DATABASE_URL: pgDb.url,
      DEMO: '0',
      ADMIN_PASSWORD: PASSWORD,
      HOST: '127.0.0.1',
      PROCESSES: '2',
      LOG_LEVEL: 'info',
      LOUDNESS_BACKFILL_DELAY_MS: '3600000',
    });
  }, 120_000);

  afterAll(async () => {
    for (const pid of [...(await childrenOf(primary())), primary()]) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await pgDb?.drop();
    await rm(work, { recursive: true, force: true });
  });

  it('starts two workers and says so once', async () => {
    expect(server.output()).toContain('(2 processes)');
    expect(server.output().match(/Musicbox is running/g)).toHaveLength(1);
    expect(await childrenOf(primary())).toHaveLength(2);
  });

  it('spreads requests over both, and a session made on one works on the other', async () => {
    const admin = new HttpClient(server.url);
    await admin.login('admin', PASSWORD);
    for (let i = 0; i < 12; i += 1) {
      const response = await fresh(`${server.url}/api/user`, { headers: admin.sessionHeaders() });
      expect(response.status).toBe(200);
    }
    const workers = (await childrenOf(primary())).sort();
    // A worker's log line reaches this process through the primary's pipe, after the answer.
    const serving = await until(
      () => Promise.resolve([...pidsServing(server.output(), '/api/user')].sort()),
      (pids) => pids.join() === workers.join(),
    );
    expect(serving).toEqual(workers);
  }, 60_000);

  it('runs one backup at a time across the processes', async () => {
    const admin = new HttpClient(server.url);
    await admin.login('admin', PASSWORD);
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() =>
        fresh(`${server.url}/api/admin/backups`, {
          method: 'POST',
          headers: admin.sessionHeaders(),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(
      statuses.filter((s) => s === 202),
      JSON.stringify(answers),
    ).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    // Fresh connections go to each process in turn: both were asked, one started it.
    expect(await servingCount('/api/admin/backups', 2)).toBe(2);
    const done = await until(
      () =>
        admin.json<{ current: unknown; last: { state: string } | null }>(
          'GET',
          '/api/admin/backups',
        ),
      (status) => status.current === null && status.last !== null,
    );
    expect(done.last?.state).toBe('done');
  }, 60_000);

  it('counts failed sign-ins on both against one limit', async () => {
    const visitor = new HttpClient(server.url);
    await visitor.request('GET', '/api/settings/public');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await fresh(`${server.url}/api/login`, {
        method: 'POST',
        headers: visitor.sessionHeaders(),
        json: { username: 'admin', password: `wrong-${i}` },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    expect(await servingCount('/api/login', 2)).toBe(2);
  }, 60_000);

  it('replaces a worker that dies while the other keeps answering', async () => {
    const [victim] = await childrenOf(primary());
    process.kill(victim!, 'SIGKILL');
    // Connections handed to it in the instant before the primary hears of its end are lost
    // with it; from then on the other one takes them all.
    await until(
      () => Promise.resolve(server.output()),
      (output) => output.includes(`server process ${victim} ended`),
    );
    for (let i = 0; i < 10; i += 1) expect((await fresh(`${server.url}/healthz`)).status).toBe(200);
    const workers = await until(
      () => childrenOf(primary()),
      (pids) => pids.length === 2 && !pids.includes(victim!),
    );
    expect(workers).toHaveLength(2);
    expect(workers).not.toContain(victim);
    expect(server.output()).toContain(`server process ${victim} ended`);
  }, 60_000);

  it('ends every process on SIGTERM', async () => {
    const workers = await childrenOf(primary());
    server.child.kill('SIGTERM');
    await server.exited;
    expect(server.child.exitCode).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  }, 60_000);
});
