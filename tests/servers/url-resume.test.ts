import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SourceContext } from '../../server/node/contracts';
import { createUrlSource } from '../../server/node/sources/url/url-source';
import { makeMp3 } from '../helpers/audio';
import { startFileServer, type Route } from './fixtures';

// The url source on its own, continuing a .partial left by a stopped process.
let body: Buffer;
let files: Awaited<ReturnType<typeof startFileServer>>;
let etag = '"v1"';
let seen: Array<{ range: string | null; ifRange: string | null }> = [];

const rangeRoute: Route = (req, res) => {
  const range = req.headers.range ?? null;
  const ifRange = (req.headers['if-range'] as string | undefined) ?? null;
  seen.push({ range, ifRange });
  const from = Number(/^bytes=(\d+)-$/.exec(range ?? '')?.[1] ?? NaN);
  if (range !== null && ifRange === etag && from >= body.length)
    return void res.writeHead(416, { 'content-range': `bytes */${body.length}` }).end();
  if (range !== null && ifRange === etag) {
    const rest = body.subarray(from);
    res.writeHead(206, {
      etag,
      'content-length': String(rest.length),
      'content-range': `bytes ${from}-${body.length - 1}/${body.length}`,
    });
    return void res.end(rest);
  }
  res.writeHead(200, { etag, 'content-length': String(body.length) }).end(body);
};

beforeAll(async () => {
  body = await makeMp3({ title: 'Resumed', album: 'Resumed Album', artist: 'Ranger' });
  files = await startFileServer({ '/track.mp3': rangeRoute });
});
afterAll(() => files.close());
beforeEach(() => {
  seen = [];
  etag = '"v1"';
});

async function fetchWith(resumeState: string | undefined, partial: Buffer | null) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'url-resume-'));
  if (partial) await writeFile(path.join(dir, '.partial'), partial);
  const remembered: string[] = [];
  const lines: string[] = [];
  const ctx: SourceContext = {
    log: (line) => lines.push(line),
    progress: () => undefined,
    remember: (state) => Promise.resolve(void remembered.push(state)),
    signal: new AbortController().signal,
  };
  await createUrlSource({ allowPrivate: true, maxBytes: 10 * 1024 * 1024 }).fetch(
    { downloadId: 1, url: `${files.url}/track.mp3`, name: null, options: {}, dir, resumeState },
    ctx,
  );
  const names = (await readdir(dir)).filter((n) => n !== '.partial');
  expect(names).toEqual(['track.mp3']);
  const saved = await readFile(path.join(dir, 'track.mp3'));
  await rm(dir, { recursive: true, force: true });
  return { saved, remembered, lines };
}

describe('url downloads continue with Range', () => {
  it('remembers the ETag on the first attempt and asks only for the rest on the next', async () => {
    const first = await fetchWith(undefined, null);
    expect(first.remembered).toEqual([JSON.stringify({ validator: '"v1"' })]);
    expect(seen).toEqual([{ range: null, ifRange: null }]);

    seen = [];
    const half = Math.floor(body.length / 2);
    const next = await fetchWith(first.remembered[0], body.subarray(0, half));
    expect(seen).toEqual([{ range: `bytes=${half}-`, ifRange: '"v1"' }]);
    expect(next.saved).toEqual(body);
    expect(next.lines.join('\n')).toContain(`continuing`);
  });

  it('takes the whole file again when it changed on the server (If-Range no longer matches)', async () => {
    etag = '"v2"';
    const stale = Buffer.alloc(1000, 0x41);
    const result = await fetchWith(JSON.stringify({ validator: '"v1"' }), stale);
    expect(seen).toEqual([{ range: 'bytes=1000-', ifRange: '"v1"' }]);
    expect(result.saved).toEqual(body);
    expect(result.remembered).toEqual([JSON.stringify({ validator: '"v2"' })]);
  });

  it('fetches again when the partial file was already whole (416)', async () => {
    const result = await fetchWith(JSON.stringify({ validator: '"v1"' }), body);
    expect(seen.map((s) => s.range)).toEqual([`bytes=${body.length}-`, null]);
    expect(result.saved).toEqual(body);
  });
});
