import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';
import { listenOnLoopback } from './raw-http';
import { signInAdmin } from '../helpers/setup';

const XSRF = 'z'.repeat(43);
const MB = 1024 * 1024;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  port = await listenOnLoopback(t.app);
});
afterAll(async () => {
  await t.close();
});

interface EarlyAnswer {
  status: number;
  body: string;
  /** Bytes of the body the client had written when the answer arrived. */
  sent: number;
  ms: number;
}

/**
 * Declares (or streams) a 15 MB JSON body but sends only its first megabyte, then waits: an
 * answer can only come if the server decided without reading the body.
 */
function postHugeBody(
  path: string,
  options: { chunked?: boolean; cookie?: string } = {},
): Promise<EarlyAnswer | 'no answer'> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      cookie: [`XSRF-TOKEN=${XSRF}`, options.cookie].filter(Boolean).join('; '),
      'x-xsrf-token': XSRF,
    };
    if (options.chunked) headers['transfer-encoding'] = 'chunked';
    else headers['content-length'] = String(15 * MB);
    let sent = 0;
    const request = http.request(
      { host: '127.0.0.1', port, method: 'POST', path, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => {
          clearTimeout(timer);
          request.destroy();
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            sent,
            ms: performance.now() - started,
          });
        });
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      resolve('no answer');
    }, 3000);
    request.on('error', (error: NodeJS.ErrnoException) => {
      // The server may close the socket right after answering while we still write.
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    const piece = Buffer.from(`{"query":"${'a'.repeat(MB - 11)}`);
    sent = piece.length;
    request.write(piece);
  });
}

describe('signed-out callers are refused before their body is read', () => {
  it.each(['/downloader/tags/1', '/api/audio_collection/search', '/api/comments', '/api/nothing'])(
    'POST %s with a 15 MB body answers 401 before the body arrives',
    async (path) => {
      const answer = await postHugeBody(path);
      expect(answer).not.toBe('no answer');
      if (answer === 'no answer') return;
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toEqual({ error: 'Please login to access this page!' });
      expect(answer.sent).toBeLessThan(15 * MB);
    },
  );

  it('refuses a chunked body of unknown length the same way', async () => {
    const answer = await postHugeBody('/api/playlist', { chunked: true });
    expect(answer).not.toBe('no answer');
    if (answer !== 'no answer') expect(answer.status).toBe(401);
  });

  it('still reads the body of a signed-in caller (here up to the route limit)', async () => {
    const admin = new TestClient(t.app);
    const login = await admin.login(ADMIN.username, ADMIN.password);
    const session = login.cookies.find((c) => c.name === 'session')?.value ?? '';
    const answer = await postHugeBody('/api/audio_collection/search', {
      cookie: `session=${session}`,
    });
    expect(answer).not.toBe('no answer');
    if (answer !== 'no answer') expect(answer.status).toBe(413);
  });
});

describe('body limits', () => {
  it('caps JSON bodies at 64 KiB by default', async () => {
    const alice = new TestClient(t.app);
    await alice.register({ username: 'alice' });
    const response = await alice.post('/api/audio_collection/search', {
      query: 'x',
      padding: 'p'.repeat(70 * 1024),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'Request body is too large (64 KiB at most)' });
    const small = await alice.post('/api/audio_collection/search', { query: 'x' });
    expect(small.statusCode).toBe(200);
  });

  it('keeps public calls open to signed-out callers', async () => {
    const anon = new TestClient(t.app);
    const contact = await anon.post('/api/contact', {
      name: 'Visitor',
      email: 'visitor@example.com',
      body: 'Hello',
    });
    expect(contact.statusCode).toBe(200);
    const reset = await anon.put('/api/reset_password', { password: 'p-123456', code: 'nope' });
    expect(reset.statusCode).toBe(400);
    const login = await anon.post('/api/login', ADMIN);
    expect(login.statusCode).toBe(200);
  });

  it('lets an administrator send a tag body with a cover above the default limit', async () => {
    const admin = await signInAdmin(t);
    const response = await admin.post('/downloader/tags/999999', {
      title: 'x',
      cover: 'A'.repeat(512 * 1024),
    });
    expect(response.statusCode).not.toBe(413);
    expect(response.statusCode).toBeLessThan(500);
  });
});
