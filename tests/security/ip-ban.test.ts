import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { ADMIN, type TestApp } from '../helpers/test-app';
import { listenOnLoopback, rawRequest } from './raw-http';
import { setUpApp } from '../helpers/setup';

const BANNED = '127.0.0.2';
const OTHER = '127.0.0.3';
const XSRF = 'x'.repeat(43);

let t: TestApp;
let clientDir: string;
let port: number;

beforeAll(async () => {
  clientDir = await fs.mkdtemp(path.join(os.tmpdir(), 'musicbox-client-'));
  await fs.writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>shell</title>');
  await fs.mkdir(path.join(clientDir, 'assets'));
  await fs.writeFile(path.join(clientDir, 'assets', 'app.js'), 'console.log(1)');
  let admin: TestClient;
  ({ t, admin } = await setUpApp({ clientDir }));
  expect((await admin.put('/api/ban_ip', { ip: BANNED })).statusCode).toBe(200);
  port = await listenOnLoopback(t.app);
});
afterAll(async () => {
  await t.close();
  await fs.rm(clientDir, { recursive: true, force: true });
});

const get = (requestPath: string, localAddress = BANNED) =>
  rawRequest(port, { path: requestPath, localAddress });

describe('PUT /api/ban_ip: a banned address gets 403 everywhere', () => {
  it('still serves other addresses over the same listener', async () => {
    expect((await get('/api/settings/public', OTHER)).status).toBe(200);
    expect((await get('/', OTHER)).status).toBe(200);
  });

  it.each([
    '/api/settings/public',
    '/%61pi/settings/public',
    '/%61%70%69/settings/public',
    '//api/settings/public',
    '/api//settings/public',
    '/api/../api/settings/public',
    '/./api/settings/public',
    '/api%2Fsettings%2Fpublic',
    '/api%2fsettings/public',
    '/API/settings/public',
    '/api/settings/public?x=1',
  ])('refuses GET %s', async (spelling) => {
    const response = await get(spelling);
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body)).toEqual({ error: 'Your network address is banned' });
  });

  it.each([
    '/',
    '/index.html',
    '/assets/app.js',
    '/browse/some-page',
    '/image/abc',
    '/downloader/file/1',
  ])('refuses pages, media and images too: GET %s', async (page) => {
    expect((await get(page)).status).toBe(403);
  });

  it('refuses a sign-in through an encoded path and starts no session', async () => {
    const response = await rawRequest(port, {
      method: 'POST',
      path: '/%61pi/login',
      localAddress: BANNED,
      headers: {
        'content-type': 'application/json',
        cookie: `XSRF-TOKEN=${XSRF}`,
        'x-xsrf-token': XSRF,
      },
      body: JSON.stringify(ADMIN),
    });
    expect(response.status).toBe(403);
    expect(response.headers['set-cookie']?.some((c) => c.startsWith('session='))).not.toBe(true);
    const sessions = await t.db.selectFrom('sessions').select('ip').execute();
    expect(sessions.map((s) => s.ip)).not.toContain(BANNED);
  });

  it('matches the IPv4-mapped IPv6 spelling of a banned address', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/settings/public',
      remoteAddress: `::ffff:${BANNED}`,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('a ban made through another app server on the same database', () => {
  it('is enforced here within a second, and its lifting too', async () => {
    const elsewhere = new TestClient(await t.rebuild());
    await elsewhere.login(ADMIN.username, ADMIN.password);
    const LATER = '127.0.0.4';
    expect((await get('/api/settings/public', LATER)).status).toBe(200); // held here now
    expect((await elsewhere.put('/api/ban_ip', { ip: LATER })).statusCode).toBe(200);
    // This app reads the list again when it is a second old: poll past that, no further.
    const statusWithin = async (expected: number): Promise<number> => {
      const until = Date.now() + 1500;
      let status = (await get('/api/settings/public', LATER)).status;
      while (status !== expected && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await get('/api/settings/public', LATER)).status;
      }
      return status;
    };
    expect(await statusWithin(403)).toBe(403);
    expect((await elsewhere.delete(`/api/ban_ip/${LATER}`)).statusCode).toBe(200);
    expect(await statusWithin(200)).toBe(200);
  });
});
