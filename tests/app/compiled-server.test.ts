import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordTexts } from '../../domain/password-rules';
import { createPgDatabase } from '../helpers/test-app';
import {
  childPids,
  commandLine,
  HttpClient,
  residentKiB,
  runsEsbuild,
  startServer,
  type ServerProcess,
} from './server-process';

/**
 * Issue 32: production runs compiled JavaScript. `npm run serve` builds dist/server and starts
 * `node dist/server/main.js` with npm as its only wrapper: no tsx loader, no esbuild service.
 * The same server started through tsx is measured beside it (resident memory, printed).
 */
const root = path.resolve(import.meta.dirname, '../..');
const ADMIN_PASSWORD = 'compiled-admin-42';
const MARKER = 'compiled-server-client-marker';
const cleanups: (() => Promise<void>)[] = [];
let compiled: ServerProcess;

/** A data dir, a throwaway PostgreSQL database under TEST_DB=postgres, and a built client. */
async function serverEnv(): Promise<Record<string, string>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'musicbox-compiled-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  let databaseUrl = '';
  if (process.env.TEST_DB === 'postgres') {
    const database = await createPgDatabase('musicbox_compiled');
    cleanups.push(database.drop);
    databaseUrl = database.url;
  }
  // A stand-in for the vite build (dist/ is shared with whoever builds the client meanwhile);
  // its inline script is hashed into the page's CSP like a real build's.
  const clientDir = path.join(dataDir, 'client');
  await mkdir(clientDir);
  await writeFile(
    path.join(clientDir, 'index.html'),
    `<!doctype html><html><head><script>window.marker = 1;</script></head><body>${MARKER}</body></html>`,
  );
  return { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ADMIN_PASSWORD, CLIENT_DIR: clientDir };
}

/** The same requests against either server, so their memory is compared after the same work. */
async function exercise(server: ServerProcess): Promise<HttpClient> {
  const client = new HttpClient(server.base);
  await client.login('admin', ADMIN_PASSWORD);
  const me = await client.request('GET', '/api/user');
  expect(me.status).toBe(200);
  expect(await me.json()).toMatchObject({ user: { userName: 'admin' } });
  return client;
}

beforeAll(async () => {
  compiled = await startServer('npm', ['run', '-s', 'serve'], await serverEnv());
  cleanups.push(() => compiled.stop());
}, 120_000);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, 60_000);

describe('npm run serve', () => {
  it('runs node on dist/server/main.js directly under npm, with no tsx and no esbuild', async () => {
    const npmPid = compiled.child.pid ?? 0;
    const children = await childPids(npmPid);
    expect(children).toHaveLength(1);
    const serverPid = children[0] ?? 0;
    expect(await commandLine(serverPid)).toEqual([
      'node',
      '--enable-source-maps',
      '--max-semi-space-size=4',
      'dist/server/main.js',
    ]);
    // The Node running these tests (the Node 24 run proves the server on Node 24).
    expect(await realpath(`/proc/${serverPid}/exe`)).toBe(await realpath(process.execPath));
    const environ = (await readFile(`/proc/${serverPid}/environ`, 'utf8')).split('\0');
    const nodeOptions = environ.find((line) => line.startsWith('NODE_OPTIONS=')) ?? '';
    expect(nodeOptions).not.toMatch(/tsx/);
    expect(await runsEsbuild(serverPid)).toBe(false);
  });

  it('answers health, readiness, the client page and the API', async () => {
    const health = await fetch(`${compiled.base}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${compiled.base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', database: 'ok' });
    const page = await fetch(`${compiled.base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(MARKER);

    const client = await exercise(compiled);
    // The common-password list is a file beside its source: found from the compiled code too.
    const change = await client.request('POST', '/api/user/password', {
      currentPassword: ADMIN_PASSWORD,
      newPassword: 'football',
    });
    expect(change.status).toBe(400);
    expect(await change.text()).toContain(passwordTexts.common);
  });

  it("resolves each source file's own folder from the compiled code", async () => {
    // What the build made of import.meta.dirname: server/app.ts finds the client as
    // <repo>/dist through it when CLIENT_DIR is not set.
    const out = path.join(root, 'dist', 'server');
    const files = (await readdir(out)).filter((name) => name.endsWith('.js'));
    const dirs = new Set<string>();
    for (const name of files) {
      const text = await readFile(path.join(out, name), 'utf8');
      for (const match of text.matchAll(/__sourceDir\d*\("([^"]*)"\)/g))
        dirs.add(path.resolve(out, match[1] ?? ''));
    }
    expect([...dirs]).toContain(path.join(root, 'server'));
    for (const dir of dirs) expect(existsSync(dir), dir).toBe(true);
  });

  it('is measured beside the same server under tsx', async () => {
    const serverPid = (await childPids(compiled.child.pid ?? 0))[0] ?? 0;
    const compiledKiB = await residentKiB(serverPid);

    const viaTsx = await startServer(
      process.execPath,
      ['--import', 'tsx', 'server/main.ts'],
      await serverEnv(),
    );
    cleanups.push(() => viaTsx.stop());
    await exercise(viaTsx);
    // No assertion on esbuild here: tsx starts its service only on a transform-cache miss.
    const tsxPid = viaTsx.child.pid ?? 0;
    const tsxKiB = await residentKiB(tsxPid);
    console.log(
      `resident memory after start and sign-in on Node ${process.versions.node}: ` +
        `compiled ${Math.round(compiledKiB / 1024)} MiB, tsx ${Math.round(tsxKiB / 1024)} MiB`,
    );
  }, 120_000);
});
