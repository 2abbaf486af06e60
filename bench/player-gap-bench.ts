/**
 * `npx tsx bench/player-gap-bench.ts` (also run by `npm run bench`): the gap between tracks in
 * real Chromium over the real server, and the cost of the loudness pass. Gap: from the `ended`
 * of track N to the first `timeupdate` of track N+1 with its position past 0. Each track is
 * sought to 0.4 s before its end as soon as it plays, so a run takes seconds.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import type { CollectionWithFiles } from '../domain/collection';
import { tracksOfCollection } from '../domain/playback';
import { measureLoudness } from '../server/media/loudness';
import { ffmpegPath } from '../server/media/ffmpeg-binary';
import { startServer } from './server-process';
import { summarize } from './stats';

const run = promisify(execFile);
const FILE = join(import.meta.dirname, '..', 'docs', 'benchmarks.md');
const BEGIN = '<!-- player-bench:begin -->';
const END = '<!-- player-bench:end -->';
const TRACKS = 6;

async function writeAlbum(root: string, name: string, extension: string, codec: string[]) {
  const dir = join(root, name);
  await mkdir(dir, { recursive: true });
  for (let i = 1; i <= TRACKS; i += 1) {
    // prettier-ignore
    await run(ffmpegPath(), [
      '-v', 'error', '-f', 'lavfi', '-i', `sine=f=${200 + i * 60}:d=8`, ...codec,
      '-metadata', `title=${name} ${i}`, '-metadata', `album=${name}`,
      '-metadata', 'artist=Gap Bench', '-metadata', `track=${i}`,
      join(dir, `${String(i).padStart(2, '0')}.${extension}`),
    ]);
  }
}

/** In the page: every gap between an `ended` and the next element's first progress. */
function instrument() {
  const gaps: number[] = [];
  let endedAt: number | null = null;
  const sought = new WeakMap<HTMLMediaElement, string>();
  (window as unknown as { __gaps: number[] }).__gaps = gaps;
  document.addEventListener('ended', () => (endedAt = performance.now()), true);
  document.addEventListener(
    'timeupdate',
    (event) => {
      const el = event.target as HTMLAudioElement;
      if (el.dataset.player !== 'active' || el.paused) return;
      if (endedAt !== null && el.currentTime > 0 && el.currentTime < 5) {
        gaps.push(performance.now() - endedAt);
        endedAt = null;
      }
      const src = el.getAttribute('src') ?? '';
      if (sought.get(el) !== src && Number.isFinite(el.duration) && el.currentTime > 0) {
        sought.set(el, src);
        el.currentTime = Math.max(0, el.duration - 0.4);
      }
    },
    true,
  );
}

async function measureGaps(base: string, cookie: string, collectionId: number, preview: boolean) {
  const item = await fetch(`${base}/api/audio_collection/${collectionId}`, {
    headers: { cookie },
  }).then((r) => r.json() as Promise<CollectionWithFiles>);
  const queue = tracksOfCollection(item, !preview);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    const context = await browser.newContext();
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), url: base };
      }),
    );
    const page = await context.newPage();
    await page.addInitScript(instrument);
    await page.goto(base);
    await page.evaluate(
      (state) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('musicbox-player');
          open.onupgradeneeded = () => open.result.createObjectStore('state');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('state', 'readwrite');
            tx.objectStore('state').put(state, 'player-state');
            tx.oncomplete = () => resolve();
          };
        }),
      { queue, index: 0, repeat: 'none', position: 0 },
    );
    await page.reload();
    await page.getByTestId('player-bar').getByRole('button', { name: 'Play', exact: true }).click();
    await page.waitForFunction(
      (n) => (window as unknown as { __gaps: number[] }).__gaps.length >= n,
      TRACKS - 1,
      { timeout: 180_000 },
    );
    return await page.evaluate(() => (window as unknown as { __gaps: number[] }).__gaps);
  } finally {
    await browser.close();
  }
}

async function loudnessCost(dir: string): Promise<{ perTrack: number; perMinute: number }> {
  const path = join(dir, 'four-minutes.flac');
  // prettier-ignore
  await run(ffmpegPath(), ['-v', 'error', '-f', 'lavfi', '-i', 'sine=f=440:d=240', '-ac', '2', path]);
  const samples: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    await measureLoudness(path);
    samples.push(performance.now() - started);
  }
  const median = summarize(samples).p50;
  return { perTrack: median, perMinute: median / 4 };
}

export async function runPlayerBench(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'musicbox-gap-'));
  const music = join(root, 'music');
  console.log('player: writing the bench albums...');
  await writeAlbum(music, 'Gap Originals', 'flac', []);
  // AIFF is not played by browsers: the server transcodes it on the fly.
  await writeAlbum(music, 'Gap Transcodes', 'aiff', []);
  const server = await startServer(join(root, 'data'), 'bench-password-1', { MUSIC_DIR: music });
  const rows: string[] = [];
  try {
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(server.cookie)?.[1] ?? '';
    const headers = { cookie: server.cookie, 'x-xsrf-token': xsrf };
    const job = await fetch(`${server.base}/api/library/import`, { method: 'POST', headers });
    const { jobId } = (await job.json()) as { jobId: number };
    for (;;) {
      const state = await fetch(`${server.base}/api/library/import/${jobId}`, { headers });
      if (((await state.json()) as { state: string }).state !== 'running') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const search = await fetch(`${server.base}/api/audio_collection/search`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'Gap' }),
    }).then(
      (r) => r.json() as Promise<{ data: { collectionId: number; collectionName: string }[] }>,
    );
    for (const name of ['Gap Originals', 'Gap Transcodes']) {
      const id = search.data.find((c) => c.collectionName === name)?.collectionId;
      if (id === undefined) throw new Error(`${name} was not imported`);
      for (const preview of [false, true]) {
        const what = `${preview ? 'previews' : 'full tracks'}, ${name.endsWith('Originals') ? 'originals (FLAC)' : 'on-the-fly transcodes (AIFF)'}`;
        let gaps: number[];
        try {
          gaps = await measureGaps(server.base, server.cookie, id, preview);
        } catch (error) {
          // One failing queue (a slow transcode on a loaded machine) must not lose the others.
          console.log(`  ${what}: not measured: ${(error as Error).message.split('\n')[0]}`);
          rows.push(`| ${what} | 0 | not measured | |`);
          continue;
        }
        const t = summarize(gaps);
        console.log(`  ${what}: median ${t.p50.toFixed(1)} ms`);
        rows.push(`| ${what} | ${gaps.length} | ${t.p50.toFixed(1)} ms | ${t.p95.toFixed(1)} ms |`);
      }
    }
  } finally {
    await server.stop();
  }
  const cost = await loudnessCost(root);
  await rm(root, { recursive: true, force: true });
  const section = [
    BEGIN,
    '## Player: gap between tracks, loudness pass',
    '',
    `Chromium over the real server, ${TRACKS} tracks per run: from \`ended\` of one track to the first \`timeupdate\` of the next with progress. Target: median < 50 ms for originals (decision 0029).`,
    '',
    '| queue | gaps | median | p95 |',
    '|---|---|---|---|',
    ...rows,
    '',
    `Loudness pass (ffmpeg \`ebur128=peak=true\`, one decode): ${cost.perTrack.toFixed(0)} ms for a four-minute stereo FLAC (${cost.perMinute.toFixed(0)} ms per minute of audio), median of 5.`,
    END,
  ].join('\n');
  console.log(`\n${section}\n`);
  const existing = await readFile(FILE, 'utf8');
  const next = existing.includes(BEGIN)
    ? existing.replace(new RegExp(`${BEGIN}[\\s\\S]*${END}`), section)
    : `${existing.trimEnd()}\n\n${section}\n`;
  await writeFile(FILE, next);
}

if (process.argv[1]?.endsWith('player-gap-bench.ts')) await runPlayerBench();
