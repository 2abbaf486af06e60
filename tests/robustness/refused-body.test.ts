import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAIN_LIMIT_BYTES } from '../../server/security/refused-body';
import type { TestClient } from '../helpers/client';
import { multipartForm } from '../helpers/multipart';
import { memberWithRole, setUpApp } from '../helpers/setup';
import type { TestApp } from '../helpers/test-app';
import { listenOnLoopback } from '../security/raw-http';
import { refusalThenNext, type RawCall } from './keep-alive-socket';

const MB = 1024 * 1024;
const mp3Head = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
const mp3Of = (bytes: number): Buffer =>
  Buffer.concat([mp3Head, Buffer.alloc(bytes - mp3Head.length, 0x55)]);

let t: TestApp;
let admin: TestClient;
let port: number;
let collectionId: number;
let uploadId: number;

/** The admin's cookies and XSRF header, for calls sent byte for byte over a socket. */
const signedIn = (): Record<string, string> => ({
  cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  'x-xsrf-token': admin.cookies.get('XSRF-TOKEN') ?? '',
});

/** No session, but the XSRF pair, so the refusal is the session check's 401. */
const signedOut = { cookie: `XSRF-TOKEN=${'x'.repeat(43)}`, 'x-xsrf-token': 'x'.repeat(43) };

/** The call after each refusal: the collection the client asked for next. */
const nextCall = (): RawCall => ({
  method: 'GET',
  path: `/api/collection/${collectionId}`,
  headers: signedIn(),
});

const multipartCall = (path: string, filename: string, bytes: number, auth = true): RawCall => {
  const form = multipartForm([{ filename, data: mp3Of(bytes) }]);
  return {
    method: 'POST',
    path,
    headers: { ...(auth ? signedIn() : signedOut), ...form.headers },
    body: form.body,
  };
};

beforeAll(async () => {
  ({ t, admin } = await setUpApp({ env: { UPLOAD_MAX_BYTES: String(MB) } }));
  port = await listenOnLoopback(t.app);
  collectionId = (await admin.put('/downloader/collection/0', { name: 'Refusals' })).json<{
    collectionId: number;
  }>().collectionId;
  const form = multipartForm([{ filename: 'small.mp3', data: mp3Of(4096) }]);
  const small = await admin.post('/api/upload', form.body, { headers: form.headers });
  uploadId = small.json<{ uploadId: number }>().uploadId;
});
afterAll(async () => {
  await t.close();
});

/** The refusal has the status expected, and the next call on the connection is answered. */
async function expectAnsweredAfter(first: RawCall, status: number): Promise<void> {
  const { refused, next, sameSocket } = await refusalThenNext(port, first, nextCall());
  expect(refused.status).toBe(status);
  expect(next === 'no answer' ? 'no answer' : next.status).toBe(200);
  // A large refused body costs the connection, never the bandwidth of reading it all.
  expect(sameSocket).toBe((first.body?.length ?? 0) <= DRAIN_LIMIT_BYTES);
}

describe('a refused request body never wedges its keep-alive connection', () => {
  it('POST /downloader/upload/{id}: 11 MB over the limit answers 413, then the next call', async () => {
    await expectAnsweredAfter(
      multipartCall(`/downloader/upload/${collectionId}`, 'big.mp3', 11 * MB),
      413,
    );
  });

  it('POST /downloader/upload/{id}: a refused file type (400) and no session (401)', async () => {
    await expectAnsweredAfter(
      multipartCall(`/downloader/upload/${collectionId}`, 'big.exe', 3 * MB),
      400,
    );
    await expectAnsweredAfter(
      multipartCall(`/downloader/upload/${collectionId}`, 'big.mp3', 3 * MB, false),
      401,
    );
  });

  it('POST /downloader/upload/{id}: a collection that does not exist answers 404', async () => {
    await expectAnsweredAfter(multipartCall('/downloader/upload/999999', 'a.mp3', 3 * MB), 404);
  });

  it('POST /api/upload: over the limit (413), a name with a path (400), no session (401)', async () => {
    await expectAnsweredAfter(multipartCall('/api/upload', 'big.mp3', 11 * MB), 413);
    await expectAnsweredAfter(multipartCall('/api/upload', '../big.mp3', 3 * MB), 400);
    await expectAnsweredAfter(multipartCall('/api/upload', 'big.mp3', 3 * MB, false), 401);
  });

  it('POST /api/upload: over the role’s upload quota', async () => {
    const member = await memberWithRole(t, { upload_limit: 1000 }, { confirmed: true });
    const form = multipartForm([{ filename: 'quota.mp3', data: mp3Of(3 * MB) }]);
    const headers = {
      cookie: [...member.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': member.cookies.get('XSRF-TOKEN') ?? '',
      ...form.headers,
    };
    const first: RawCall = { method: 'POST', path: '/api/upload', headers, body: form.body };
    const { refused, next, sameSocket } = await refusalThenNext(port, first, nextCall());
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(refused.body).toMatch(/quota|limit|space/i);
    expect(next === 'no answer' ? 'no answer' : next.status).toBe(200);
    expect(sameSocket).toBe(false);
  });

  it('a JSON body over the limit (413) or declared far too large', async () => {
    const body = Buffer.from(JSON.stringify({ uploadId, description: 'x'.repeat(2 * MB) }));
    await expectAnsweredAfter(
      {
        method: 'POST',
        path: '/api/upload/music',
        headers: { ...signedIn(), 'content-type': 'application/json' },
        body,
      },
      413,
    );
  });

  it('a small refused body is read to its end and the connection is kept', async () => {
    const form = multipartForm([{ filename: 'a.exe', data: mp3Of(64 * 1024) }]);
    const { refused, next, sameSocket } = await refusalThenNext(
      port,
      {
        method: 'POST',
        path: `/downloader/upload/${collectionId}`,
        headers: { ...signedIn(), ...form.headers },
        body: form.body,
      },
      nextCall(),
    );
    expect(refused.status).toBe(400);
    expect(next === 'no answer' ? 'no answer' : next.status).toBe(200);
    expect(sameSocket).toBe(true);
  });
});
