import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { makeMp3 } from '../helpers/audio';
import { multipartForm } from '../helpers/multipart';
import { signInAdmin } from '../helpers/setup';
import { listenOnLoopback } from '../security/raw-http';
import { createTestApp, type TestApp } from '../helpers/test-app';

const THEME_SCRIPT = "document.documentElement.className = 'dark';";
const SHELL = `<!doctype html><html><head><title>Musicbox</title>
<script>${THEME_SCRIPT}</script><style>html{background:#000}</style></head>
<body><div id="boot"><!--first-view--><p>Boot</p><!--/first-view--></div>
<script type="module" src="/assets/index-abc.js"></script></body></html>`;
const themeHash = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;

let clientDir: string;
let t: TestApp;
let proxied: TestApp;
let admin: TestClient;
let fileId: number;
/** The external catalogue on a LAN mirror: plain http, so its origin is named. */
const externalOrigins = ['http://10.0.0.5:8080'];

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'musicbox-client-'));
  await writeFile(path.join(clientDir, 'index.html'), SHELL);
  await writeFile(path.join(clientDir, 'service-worker.js'), 'self.skipWaiting();');
  t = await createTestApp({ clientDir, env: { EXTERNAL_SEARCH_URL: 'http://10.0.0.5:8080/api' } });
  proxied = await createTestApp({ clientDir, env: { TRUST_PROXY: 'true' } });
  admin = await signInAdmin(t);
  const { collectionId } = (await admin.put('/downloader/collection/0', { name: 'Headers' })).json<{
    collectionId: number;
  }>();
  const track = await makeMp3({ title: 'Headers', track: 1, album: 'Headers', artist: 'CSP' });
  const form = multipartForm([{ filename: 'headers.mp3', data: track }]);
  const uploaded = await admin.post(`/downloader/upload/${collectionId}`, form.body, {
    headers: form.headers,
  });
  fileId = uploaded.json<{ files: Array<{ fileId: number }> }>().files[0]?.fileId ?? 0;
  expect((await admin.post(`/downloader/collection/${collectionId}/import`)).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await proxied.close();
  await rm(clientDir, { recursive: true, force: true });
});

/** The policy as directive name -> sources. */
const policyOf = (response: LightMyRequestResponse): Map<string, string[]> =>
  new Map(
    String(response.headers['content-security-policy'] ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );

function expectEveryAnswerHeaders(response: LightMyRequestResponse): void {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const permissions = String(response.headers['permissions-policy']);
  expect(permissions).toContain('camera=()');
  expect(permissions).toContain('microphone=()');
  expect(permissions).toContain('autoplay=(self)');
  // Plain HTTP: HSTS would be ignored at best, and pins nothing.
  expect(response.headers['strict-transport-security']).toBeUndefined();
}

describe('security headers', () => {
  it('the HTML shell: a strict CSP with the inline script by hash, never framed', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expectEveryAnswerHeaders(page);
    const csp = policyOf(page);
    expect(csp.get('script-src')).toEqual(["'self'", themeHash]);
    expect(String(page.headers['content-security-policy'])).not.toContain('unsafe-eval');
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    // The external catalogue's covers and previews: https anywhere, plus the plain-http
    // address this suite's catalogue runs at (a LAN mirror in real life).
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:', 'https:', ...externalOrigins]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:', ...externalOrigins]);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(page.headers['x-frame-options']).toBe('DENY');
    // A client route answered with the shell carries the same policy.
    const route = await t.app.inject({ method: 'GET', url: '/collection/1' });
    expect(policyOf(route).get('script-src')).toEqual(["'self'", themeHash]);
  });

  it('a signed-in first view: its JSON data block needs no hash, the theme script keeps one', async () => {
    const page = await admin.get('/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="first-view-data"');
    expect(policyOf(page).get('script-src')).toEqual(["'self'", themeHash]);
  });

  it('API, media and worker answers: nosniff, policies, framed by our own pages only', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/settings/public' }),
      await admin.get(`/downloader/file/${fileId}?playback=true`),
      await t.app.inject({ method: 'GET', url: '/service-worker.js' }),
      await t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
    ];
    expect(
      answers.map((a) => a.statusCode),
      answers[1]?.body,
    ).toEqual([200, 200, 200, 404]);
    expect(answers[1]?.headers['content-type']).toMatch(/^audio\//);
    for (const answer of answers) {
      expectEveryAnswerHeaders(answer);
      expect(answer.headers['content-security-policy']).toBe("frame-ancestors 'self'");
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('tus, which writes its answers itself, carries them too', async () => {
    const port = await listenOnLoopback(t.app);
    const answer = await fetch(`http://127.0.0.1:${port}/downloader/tus`, { method: 'OPTIONS' });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(answer.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    expect(answer.headers.get('permissions-policy')).toContain('camera=()');
  });

  it('over TLS behind a trusted proxy: HSTS and Secure cookies', async () => {
    const https = await proxied.app.inject({
      method: 'GET',
      url: '/api/settings/public',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=63072000');
    expect(https.cookies.find((c) => c.name === 'XSRF-TOKEN')?.secure).toBe(true);
    const plain = await proxied.app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY the header is anyone's to send, and changes nothing.
    const spoofed = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});
