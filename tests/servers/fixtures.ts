import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import yazl from 'yazl';
import type { Download } from '../../domain/servers';
import type { TestClient } from '../helpers/client';

// e2e/admin-servers.spec.ts takes its test audio from here.
export { makeMp3 } from '../helpers/audio';

export async function makeZip(entries: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(entries)) zip.addBuffer(data, name);
  zip.end();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'srv-zip-'));
  const file = path.join(dir, 'album.zip');
  await new Promise<void>((resolve, reject) =>
    zip.outputStream.pipe(createWriteStream(file)).on('close', resolve).on('error', reject),
  );
  return readFile(file);
}

/** A zip whose entry names are rewritten after writing (yazl refuses unsafe names itself). */
export async function makeRawZip(
  entries: Record<string, Buffer>,
  from: string,
  to: string,
): Promise<Buffer> {
  const zip = await makeZip(entries);
  return Buffer.from(zip.toString('latin1').split(from).join(to), 'latin1');
}

export type Route = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A loopback file server: routes by path; counts requests per path. */
export async function startFileServer(routes: Record<string, Route>, host = '127.0.0.1') {
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const p = (req.url ?? '/').split('?')[0] ?? '/';
    hits.set(p, (hits.get(p) ?? 0) + 1);
    const route = routes[p];
    if (!route) {
      res.writeHead(404).end('missing');
      return;
    }
    route(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const serve =
  (body: Buffer | string, type = 'application/octet-stream'): Route =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': type, 'content-length': String(Buffer.byteLength(body)) });
    res.end(body);
  };

/** Sends the first bytes, then the rest only after `holdMs`: a download that stays in flight. */
export const trickle =
  (body: Buffer, holdMs: number): Route =>
  (_req, res) => {
    res.writeHead(200, { 'content-length': String(body.length) });
    res.write(body.subarray(0, 1024));
    const timer = setTimeout(() => res.end(body.subarray(1024)), holdMs);
    res.on('close', () => clearTimeout(timer));
  };

/**
 * Like trickle, and honours `Range: bytes=N-` (with If-Range against its ETag) as a file
 * server would; every request's Range header (or null) is noted in `ranges`.
 */
export function resumable(body: Buffer, holdMs: number) {
  const etag = '"fixture-1"';
  const ranges: Array<string | null> = [];
  const route: Route = (req, res) => {
    const asked = req.headers.range ?? null;
    ranges.push(asked);
    const from = Number(/^bytes=(\d+)-$/.exec(asked ?? '')?.[1] ?? 0);
    const partial = asked !== null && req.headers['if-range'] === etag && from < body.length;
    const rest = body.subarray(partial ? from : 0);
    res.writeHead(partial ? 206 : 200, {
      etag,
      'accept-ranges': 'bytes',
      'content-length': String(rest.length),
      ...(partial ? { 'content-range': `bytes ${from}-${body.length - 1}/${body.length}` } : {}),
    });
    res.write(rest.subarray(0, 1024));
    const timer = setTimeout(() => res.end(rest.subarray(1024)), holdMs);
    res.on('close', () => clearTimeout(timer));
  };
  return { route, ranges };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls a server's download list until `done` says so (or ~30 s pass). */
export async function waitForDownload(
  admin: TestClient,
  serverId: number,
  downloadId: number,
  done: (d: Download) => boolean = (d) => d.state === 'done' || d.state === 'error',
  attempts = 300,
): Promise<Download> {
  let last: Download | undefined;
  for (let i = 0; i < attempts; i++) {
    const response = await admin.get(`/downloader/${serverId}/api/download`);
    if (response.statusCode === 200) {
      last = response.json<Download[]>().find((d) => d.downloadId === downloadId);
      if (last && done(last)) return last;
    }
    await sleep(100);
  }
  throw new Error(`download ${downloadId} did not settle: ${JSON.stringify(last)}`);
}
