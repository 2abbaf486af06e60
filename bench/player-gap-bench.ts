import { sectionMarkers, writeBenchSection } from './report-section';
/**
 * `npx tsx bench/player-gap-bench.ts` (also run by `npm run bench`): the gap between tracks in
 * real Chromium over the real server, and the cost of the loudness pass. Gap: the audible one,
 * from the media clock polled every few ms (see `instrument`), beside the earlier `ended` → first
 * `timeupdate` figure.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import type { CollectionWithFiles } from '../domain/collection';
import { tracksOfCollection } from '../domain/playback';
import { measureLoudness } from '../server/media/loudness';
import { ffmpegPath } from '../server/media/ffmpeg-binary';
import { runGaplessBench } from './player-gapless-bench';
import { startServer } from './server-process';
import { summarize } from './stats';

const run = promisify(execFile);
const MARKERS = sectionMarkers('player-bench');
const TRACKS = 11;

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

interface PageGaps {
  /** Audible end of track N to audible start of N+1, from the media clock polled every few ms. */
  audible: number[];
  /** The old figure: `ended` of N to the first `timeupdate` of N+1 with progress. */
  timeupdate: number[];
}

/**
 * In the page. Audible: a poll every few ms reads the active element's `currentTime`; while a
 * track of known length plays, its end is projected as now + (duration − currentTime) / rate, and the first
 * poll that sees the next track past 0 projects its start back as now − currentTime / rate.
 * A stream of unknown length ends where its clock last moved. The gap is start − end (negative:
 * the two overlapped). Projecting both ways keeps the figure independent of the poll rate. As soon as a track is seen playing it is sought to 0.4 s before
 * its end, so a run takes seconds.
 */
function instrument() {
  // tsx wraps named inner functions in __name(), which the page does not define.
  (globalThis as unknown as { __name?: (f: unknown) => unknown }).__name ??= (f: unknown) => f;
  const gaps: PageGaps = { audible: [], timeupdate: [] };
  (window as unknown as { __gaps: PageGaps }).__gaps = gaps;
  let endedAt: number | null = null;
  document.addEventListener('ended', () => (endedAt = performance.now()), true);
  document.addEventListener(
    'timeupdate',
    (event) => {
      const el = event.target as HTMLAudioElement;
      if (el.dataset.player !== 'active' || el.paused) return;
      // Any progress counts: the next track may already be sought near its end by then.
      if (endedAt !== null && el.currentTime > 0) {
        gaps.timeupdate.push(performance.now() - endedAt);
        endedAt = null;
      }
    },
    true,
  );
  let current: { el: HTMLAudioElement; src: string; end: number | null; at: number } | null = null;
  const poll = () => {
    const now = performance.now();
    const el = document.querySelector<HTMLAudioElement>('audio[data-player="active"]');
    const src = el?.getAttribute('src') ?? '';
    if (el && !el.paused && el.currentTime > 0) {
      const rate = el.playbackRate;
      if (current === null || current.el !== el || current.src !== src) {
        // A new track is heard: only its first second tells when it started.
        if (current?.end != null && el.currentTime < 1) {
          gaps.audible.push(now - (el.currentTime * 1000) / rate - current.end);
        }
        current = { el, src, end: null, at: el.currentTime };
        if (Number.isFinite(el.duration)) el.currentTime = Math.max(0, el.duration - 0.4);
      } else if (Number.isFinite(el.duration)) {
        if (!el.seeking && el.currentTime < el.duration)
          current.end = now + ((el.duration - el.currentTime) * 1000) / rate;
      } else if (el.currentTime > current.at) {
        // A stream of unknown length (transcode, preview): it ends where its clock last moved.
        current.at = el.currentTime;
        current.end = now;
      }
    }
    setTimeout(poll, 1);
  };
  // A timer, not requestAnimationFrame: headless Chromium without a display runs no frames.
  setTimeout(poll, 1);
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
    await page
      .waitForFunction(
        (n) => {
          const gaps = (window as unknown as { __gaps: PageGaps }).__gaps;
          return gaps.audible.length >= n && gaps.timeupdate.length >= n;
        },
        TRACKS - 1,
        { timeout: Number(process.env.GAP_TIMEOUT_MS) || 180_000 },
      )
      .catch(async (error: unknown) => {
        const partial = await page.evaluate(() => ({
          ...(window as unknown as { __gaps: PageGaps }).__gaps,
          audio: [...document.querySelectorAll('audio')].map((a) =>
            [
              a.dataset.player,
              a.getAttribute('src'),
              a.currentTime,
              a.duration,
              a.paused,
              a.readyState,
            ].join(' '),
          ),
        }));
        throw new Error(
          `${(error as Error).message.split('\n')[0]} (seen ${JSON.stringify(partial)})`,
        );
      });
    return await page.evaluate(() => (window as unknown as { __gaps: PageGaps }).__gaps);
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
        let gaps: PageGaps;
        try {
          gaps = await measureGaps(server.base, server.cookie, id, preview);
        } catch (error) {
          // One failing queue (a slow transcode on a loaded machine) must not lose the others.
          console.log(`  ${what}: not measured: ${(error as Error).message.split('\n')[0]}`);
          rows.push(`| ${what} | 0 | not measured | | | |`);
          continue;
        }
        const a = summarize(gaps.audible);
        const t = summarize(gaps.timeupdate);
        const overlap = Math.max(0, -Math.min(...gaps.audible));
        const f = (value: number) => `${value.toFixed(1)} ms`;
        console.log(`  ${what}: audible median ${f(a.p50)}, ended→timeupdate ${f(t.p50)}`);
        rows.push(
          `| ${what} | ${gaps.audible.length} | ${f(a.p50)} | ${f(a.p95)} | ${f(overlap)} | ${f(t.p50)} | ${f(t.p95)} |`,
        );
      }
    }
  } finally {
    await server.stop();
  }
  const cost = await loudnessCost(root);
  await rm(root, { recursive: true, force: true });
  const section = [
    MARKERS.begin,
    '## Player: gap between tracks, loudness pass',
    '',
    `Chromium over the real server, ${TRACKS} tracks per run. **Audible gap**: the end of one track to the start of the next on the media clock, polled every few ms and projected from \`currentTime\` (negative: overlap; "overlap" is the largest). **ended → timeupdate**: the earlier measure, from \`ended\` of one track to the first \`timeupdate\` of the next with progress; Chromium fires \`timeupdate\` about every 250 ms, so it says little about the gap. Target: audible median < 50 ms for originals (decision 0029).`,
    '',
    '| queue | gaps | audible median | audible p95 | overlap | ended → timeupdate median | p95 |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Loudness pass (ffmpeg \`ebur128=peak=true\`, one decode): ${cost.perTrack.toFixed(0)} ms for a four-minute stereo FLAC (${cost.perMinute.toFixed(0)} ms per minute of audio), median of 5.`,
    MARKERS.end,
  ].join('\n');
  await writeBenchSection(MARKERS, section);
  // Its own section: the sample-accurate deck, measured by sound (decision 0052).
  await runGaplessBench();
}

if (process.argv[1]?.endsWith('player-gap-bench.ts')) await runPlayerBench();
