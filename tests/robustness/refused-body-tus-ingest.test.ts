import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAIN_LIMIT_BYTES } from '../../server/security/refused-body';
import type { Server } from '../../domain/servers';
import type { TestClient } from '../helpers/client';
import { setUpApp } from '../helpers/setup';
import type { TestApp } from '../helpers/test-app';
import { listenOnLoopback } from '../security/raw-http';
import { refusalThenNext, type RawCall } from './keep-alive-socket';

const MB = 1024 * 1024;
const TOKEN = 'refused-body-node-token-0123456789';
const TUS = { 'tus-resumable': '1.0.0' };

let t: TestApp;
let admin: TestClient;
let port: number;
let collectionId: number;
let ingestId: string;

const signedIn = (): Record<string, string> => ({
  cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  'x-xsrf-token': admin.cookies.get('XSRF-TOKEN') ?? '',
});
const nextCall = (): RawCall => ({
  method: 'GET',
  path: `/api/collection/${collectionId}`,
  headers: signedIn(),
});
const meta = (pairs: Record<string, string>): string =>
  Object.entries(pairs)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

beforeAll(async () => {
  ({ t, admin } = await setUpApp({
    env: {
      UPLOAD_MAX_BYTES: String(MB),
      DOWNLOADER_ALLOW_PRIVATE: '1',
      DOWNLOADER_MAX_BYTES: String(2 * MB),
    },
  }));
  port = await listenOnLoopback(t.app);
  collectionId = (await admin.put('/downloader/collection/0', { name: 'Tus refusals' })).json<{
    collectionId: number;
  }>().collectionId;
  const server = await admin.put('/api/server', {
    serverName: 'Offline node',
    serverAddress: 'http://127.0.0.1:9',
    serverToken: TOKEN,
  });
  expect(server.statusCode).toBe(200);
  expect(server.json<Server>().serverId).toBeGreaterThan(0);
  const begun = await t.app.inject({
    method: 'POST',
    url: '/downloader/ingest/begin',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  ingestId = begun.json<{ ingestId: string }>().ingestId;
});
afterAll(async () => {
  await t.close();
});

async function expectAnsweredAfter(first: RawCall, status: number): Promise<void> {
  const { refused, next, sameSocket } = await refusalThenNext(port, first, nextCall());
  expect(refused.status).toBe(status);
  expect(next === 'no answer' ? 'no answer' : next.status).toBe(200);
  // A large refused body costs the connection, never the bandwidth of reading it all.
  expect(sameSocket).toBe((first.body?.length ?? 0) <= DRAIN_LIMIT_BYTES);
}

/** A tus upload of `length` bytes, created by the admin; answers its location. */
async function createTusUpload(length: number): Promise<string> {
  const created = await admin.request('POST', '/downloader/tus', {
    headers: {
      ...TUS,
      'upload-length': String(length),
      'upload-metadata': meta({ collectionId: String(collectionId), filename: 'a.mp3' }),
    },
  });
  expect(created.statusCode).toBe(201);
  return created.headers.location as string;
}

const tusPatch = (location: string, body: Buffer, headers: Record<string, string>): RawCall => ({
  method: 'PATCH',
  path: location,
  headers: {
    ...TUS,
    'upload-offset': '0',
    'content-type': 'application/offset+octet-stream',
    ...headers,
  },
  body,
});

describe('tus: refused PATCH bodies never wedge the connection', () => {
  it('more data than the upload declared (413)', async () => {
    const location = await createTusUpload(1000);
    await expectAnsweredAfter(tusPatch(location, Buffer.alloc(3 * MB, 1), signedIn()), 413);
  });

  it('no session (401) and an upload that is not the caller’s (404)', async () => {
    const location = await createTusUpload(1000);
    const xsrf = 'x'.repeat(43);
    const signedOut = { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
    await expectAnsweredAfter(tusPatch(location, Buffer.alloc(3 * MB, 1), signedOut), 401);
    await expectAnsweredAfter(
      tusPatch(`/downloader/tus/${'0'.repeat(32)}`, Buffer.alloc(3 * MB, 1), signedIn()),
      404,
    );
  });
});

describe('node hand-over: refused PUT bodies never wedge the connection', () => {
  const put = (path: string, bytes: number, token = TOKEN): RawCall => ({
    method: 'PUT',
    path: `/downloader/ingest/${ingestId}/file?path=${encodeURIComponent(path)}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body: Buffer.alloc(bytes, 2),
  });

  it('a wrong token (401), a bad path (400), too large (413)', async () => {
    await expectAnsweredAfter(put('a.mp3', 3 * MB, 'wrong-token-0123456789abcdef'), 401);
    await expectAnsweredAfter(put('../a.mp3', 3 * MB), 400);
    await expectAnsweredAfter(put('a.mp3', 11 * MB), 413);
  });
});
