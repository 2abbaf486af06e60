import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, createTestApp, type TestApp } from '../helpers/test-app';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

/**
 * PostgreSQL going away under a running server (issue 31 §3): a relay between the app and the
 * real database is cut, black-holed and restored. Runs on PostgreSQL whatever TEST_DB says.
 */
const adminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const probe = new pg.Client({ connectionString: adminUrl });
const reachable = await probe.connect().then(
  () => probe.end().then(() => true),
  () => false,
);

let database: { url: string; drop: () => Promise<void> };
let proxy: TcpProxy;
let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  if (!reachable) return;
  database = await createPgDatabase('musicbox_outage');
  const target = new URL(database.url);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const relayed = new URL(database.url);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(proxy.port);
  t = await createTestApp({
    env: { DATABASE_URL: relayed.toString() },
    logger: {
      level: 'error',
      stream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logLines.push(chunk.toString());
          done();
        },
      }),
    },
  });
}, 60_000);
afterAll(async () => {
  if (!reachable) return;
  await proxy.start().catch(() => undefined);
  await t.close();
  await proxy.close();
  await database.drop();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe.skipIf(!reachable)('PostgreSQL unreachable for a while', () => {
  it('answers 503 with Retry-After (not 500), logs once, and serves again when it is back', async () => {
    expect((await get('/api/settings/public')).statusCode).toBe(200);
    expect((await get('/readyz')).statusCode).toBe(200);

    await proxy.stop();
    for (let i = 0; i < 5; i += 1) {
      const refused = await get('/api/settings/public');
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toEqual({
        error: 'The database cannot be reached right now; try again in a moment',
      });
    }
    const notReady = await get('/readyz');
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toMatchObject({ status: 'not-ready', database: 'unreachable' });
    expect((await get('/healthz')).statusCode).toBe(200);
    expect(logLines.filter((line) => line.includes('database unreachable'))).toHaveLength(1);
    expect(logLines.filter((line) => line.includes('request failed'))).toEqual([]);

    await proxy.start();
    await expect.poll(async () => (await get('/api/settings/public')).statusCode).toBe(200);
    expect((await get('/readyz')).statusCode).toBe(200);
  });

  it('a database that accepts and never answers fails a request within the connect bound', async () => {
    await proxy.stop();
    proxy.blackHole(true);
    await proxy.start();
    try {
      // The first may meet a pooled connection the cut already killed; the later ones open
      // new connections into the black hole, and the pool's connect timeout (5 s) ends them.
      for (let i = 0; i < 3; i += 1) {
        const started = Date.now();
        const hung = await get('/api/settings/public');
        expect(hung.statusCode).toBe(503);
        expect(Date.now() - started).toBeLessThan(20_000);
      }
    } finally {
      await proxy.stop();
      proxy.blackHole(false);
      await proxy.start();
    }
    await expect.poll(async () => (await get('/api/settings/public')).statusCode).toBe(200);
  }, 90_000);
});
