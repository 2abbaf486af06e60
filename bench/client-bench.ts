/**
 * What a browser downloads for the first screen, measured over HTTP against the real server,
 * with the Accept-Encoding a browser sends. Bytes are the body bytes the socket carried
 * (compressed when the server compressed), so this measures what the server sends, not what
 * lies in dist/. Which files count is defined once, in scripts/client-first-load.ts, which the
 * budget test (tests/client/first-load-budget.test.ts) measures a fresh build with.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  measureFirstLoad as measureFiles,
  type FirstLoad as FirstLoadOf,
  type LoadedFile,
} from '../scripts/client-first-load';

export interface WireFile extends LoadedFile {
  cacheControl: string;
  setsCookie: boolean;
}

export type FirstLoad = FirstLoadOf<WireFile>;

const ACCEPT_ENCODING = 'br, gzip';

function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    },
  );
}

function decode(body: Buffer, encoding: string): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

async function fetchFile(base: string, path: string): Promise<{ file: WireFile; text: string }> {
  const res = await rawGet(`${base}${path}`, { 'accept-encoding': ACCEPT_ENCODING });
  const encoding = String(res.headers['content-encoding'] ?? 'identity');
  const plain = decode(res.body, encoding);
  return {
    file: {
      path,
      encoding,
      wireBytes: res.body.length,
      plainBytes: plain.length,
      cacheControl: String(res.headers['cache-control'] ?? ''),
      setsCookie: res.headers['set-cookie'] !== undefined,
    },
    text: plain.toString('utf8'),
  };
}

export function measureFirstLoad(base: string): Promise<FirstLoad> {
  return measureFiles((path) => fetchFile(base, path));
}
