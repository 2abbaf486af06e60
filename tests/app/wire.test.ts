import { request as httpRequest } from 'node:http';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/vite-precompress';
import { audioFile, type FixtureFile } from '../helpers/library-files';
import { perFile, setUpLibrary } from '../helpers/setup';
import { TestClient } from '../helpers/client';
import { homepageBuilt } from '../helpers/homepage';

const ENTRY = '/assets/index-Ab12Cd34.js';
// Repetitive text like a real bundle, so each compressed copy is far smaller than the file.
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"row ${i}"}`).join(',')}];\n`;
const html = `<!doctype html><html lang="en"><head><script type="module" src="${ENTRY}"></script></head><body>${'<p>Musicbox</p>'.repeat(100)}</body></html>`;

const s = perFile(() => setUpLibrary());
let clientDir: string;
let wav: FixtureFile;
let wavBytes: Buffer;

beforeAll(async () => {
  clientDir = await mkdtemp(join(tmpdir(), 'musicbox-client-'));
  await mkdir(join(clientDir, 'assets'));
  await writeFile(join(clientDir, 'index.html'), html);
  await writeFile(join(clientDir, ENTRY), script);
  await writeFile(join(clientDir, 'service-worker.js'), script);
  await precompressDir(clientDir);
  s.t.app = await s.t.rebuild({ clientDir });
  s.admin.app = s.t.app;
  wav = await audioFile(s.t, s.fx.ids.single, 'WAV');
  wavBytes = await readFile(wav.path);
});
afterAll(async () => {
  await rm(clientDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  new TestClient(s.t.app).get(url, { headers });

describe('the built client over the wire', () => {
  it('sends the brotli copy when the browser takes br, with Vary', async () => {
    const res = await get(ENTRY, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy when the browser takes only gzip', async () => {
    const res = await get(ENTRY, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the plain file when no encoding is accepted, still with Vary', async () => {
    const res = await get(ENTRY);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.body).toBe(script);
  });

  it('caches hashed assets for a year as immutable and sets no cookie on them', async () => {
    const res = await get(ENTRY, { 'accept-encoding': 'br' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('compresses the HTML shell, revalidates it, and issues the XSRF token with it', async () => {
    for (const url of ['/', '/collection/some-album']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
      expect(String(res.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
    }
  });

  it('revalidates the service worker and sets no cookie on it', async () => {
    const res = await get('/service-worker.js', { 'accept-encoding': 'gzip' });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('API answers over the wire', () => {
  it('compresses JSON over 1 KB per Accept-Encoding', async () => {
    // The generated playlists are built by a job: once built, the three reads are the same.
    await homepageBuilt(s.admin);
    const plain = await s.admin.get('/api/homepage');
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await s.admin.get('/api/homepage', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await s.admin.get('/api/homepage', { headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves small JSON and refused encodings uncompressed', async () => {
    const small = await get('/api/settings/public', { 'accept-encoding': 'br' });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(String(small.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
    const refused = await s.admin.get('/api/homepage', {
      headers: { 'accept-encoding': 'br;q=0, gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses a Range answer on audio', async () => {
    const res = await s.admin.get(`/downloader/file/${wav.fileId}?playback=true`, {
      headers: { range: 'bytes=0-4095', 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe('4096');
    expect(res.headers['content-range']).toBe(`bytes 0-4095/${wavBytes.length}`);
    expect(res.headers.etag).toBeTruthy();
    expect(res.rawPayload.equals(wavBytes.subarray(0, 4096))).toBe(true);
  });

  it('sends a whole audio file as stored, with its length', async () => {
    const res = await s.admin.get(`/downloader/file/${wav.fileId}?playback=true`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(wavBytes.length);
  });
});

/** A raw HTTP/1.1 GET, so the bytes and headers are exactly what the socket carried. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a real listening server', () => {
  it('answers the entry script with brotli bytes and the immutable policy over TCP', async () => {
    const address = await s.t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await rawGet(`${address}${ENTRY}`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
    const audio = await rawGet(`${address}/downloader/file/${wav.fileId}?playback=true`, {
      'accept-encoding': 'br, gzip',
      range: 'bytes=100-199',
      cookie: [...s.admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    });
    expect(audio.status).toBe(206);
    expect(audio.headers['content-encoding']).toBeUndefined();
    expect(audio.body.equals(wavBytes.subarray(100, 200))).toBe(true);
  });
});
