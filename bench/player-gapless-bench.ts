/**
 * `npx tsx bench/player-gapless-bench.ts` (also run by `npm run bench`, after the gap bench):
 * the worst transition per format on the gapless deck (decision 0052), measured by sound as
 * e2e/player-gapless-samples.spec.ts does: a sine sweep cut mid-frame into three tracks per
 * format, played in Chromium over the real server, the element's output captured and each
 * boundary's gap or overlap found against the sweep.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import type { CollectionWithFiles } from '../domain/collection';
import { tracksOfCollection } from '../domain/playback';
import { captureQueue } from '../e2e/support/gapless-capture';
import { discontinuity } from '../e2e/support/gapless-measure';
import {
  CUTS,
  RATE,
  SWEEP_FORMATS,
  albumBytes,
  albumName,
  readMaster,
  writeMaster,
  writeSweepAlbum,
} from '../e2e/support/gapless-sweep';
import { sectionMarkers, writeBenchSection } from './report-section';
import { startServer, type RunningServer } from './server-process';

const MARKERS = sectionMarkers('player-gapless-bench');
/** Plays per queue: each gives two transitions. */
const RUNS = Number(process.env.GAPLESS_RUNS ?? 2);

async function importAll(server: RunningServer): Promise<Map<string, number>> {
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(server.cookie)?.[1] ?? '';
  const headers = { cookie: server.cookie, 'x-xsrf-token': xsrf };
  const job = await fetch(`${server.base}/api/library/import`, { method: 'POST', headers });
  const { jobId } = (await job.json()) as { jobId: number };
  for (;;) {
    const state = await fetch(`${server.base}/api/library/import/${jobId}`, { headers });
    if (((await state.json()) as { state: string }).state !== 'running') break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const found = await fetch(`${server.base}/api/audio_collection/search`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'Sweep', limit: 50 }),
  }).then((r) => r.json() as Promise<{ data: { collectionId: number; collectionName: string }[] }>);
  return new Map(found.data.map((c) => [c.collectionName, c.collectionId]));
}

export async function runGaplessBench(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'musicbox-gapless-'));
  const music = join(root, 'music');
  const master = join(root, 'master.wav');
  console.log('gapless: writing the sweep albums...');
  await writeMaster(master);
  const reference = await readMaster(master);
  for (const format of SWEEP_FORMATS) await writeSweepAlbum(master, music, format);
  const server = await startServer(join(root, 'data'), 'bench-password-1', { MUSIC_DIR: music });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
  const rows: string[] = [];
  try {
    const ids = await importAll(server);
    const cases = SWEEP_FORMATS.flatMap((format) => [
      { format, full: true },
      ...(['FLAC', 'MP3'].includes(format.name) ? [{ format, full: false }] : []),
    ]);
    for (const { format, full } of cases) {
      const what = `${format.label ?? format.name} ${full ? 'tracks' : 'previews'}${format.name === 'AIFF' ? ' (a transcoded format)' : ''}`;
      const found: number[] = [];
      let streamed = 0;
      for (let run = 0; run < RUNS; run += 1) {
        const context = await browser.newContext({ bypassCSP: true });
        await context.addCookies(
          server.cookie.split('; ').map((pair) => {
            const [name, ...value] = pair.split('=');
            return { name: name!, value: value.join('='), url: server.base };
          }),
        );
        const page = await context.newPage();
        try {
          const item = await page.request
            .get(`${server.base}/api/audio_collection/${ids.get(albumName(format))}`)
            .then((r) => r.json() as Promise<CollectionWithFiles>);
          const captured = await captureQueue(page, server.base, tracksOfCollection(item, full));
          found.push(...CUTS.map((cut) => discontinuity(captured.samples, reference, cut).samples));
          streamed = captured.streamed;
        } catch (error) {
          console.log(`  ${what}: a run failed: ${(error as Error).message.split('\n')[0]}`);
        } finally {
          await context.close();
        }
      }
      const worst = found.reduce((a, b) => (Math.abs(b) > Math.abs(a) ? b : a), 0);
      // A sign only where there is something to sign (no "-0.00").
      const fixed = (samples: number) => (Math.abs(samples) < 0.005 ? '0.00' : samples.toFixed(2));
      const ms = (samples: number) => `${((Math.abs(samples) / RATE) * 1000).toFixed(3)} ms`;
      const files = await albumBytes(music, format);
      const bytes = full
        ? `${streamed} / ${files} (${((streamed / files) * 100).toFixed(0)} %)`
        : `${streamed}`;
      console.log(`  ${what}: worst ${fixed(worst)} samples over ${found.length}, ${bytes} bytes`);
      rows.push(
        found.length === 0
          ? `| ${what} | 0 | not measured | | |`
          : `| ${what} | ${found.length} | ${fixed(worst)} | ${ms(worst)} | ${bytes} |`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
    await rm(root, { recursive: true, force: true });
  }
  const section = [
    MARKERS.begin,
    '## Player: sample-accurate gapless (issue 33 §1)',
    '',
    `The gapless deck (decisions 0052 and 0060) in Chromium over the real server, with the default setting (full tracks; previews with "Full tracks and previews"): a ${RATE / 1000} kHz sine sweep cut mid-frame into three tracks, encoded per format, played ${RUNS} times per queue; the element's \`captureStream()\` recorded in an AudioWorklet, and the gap (+) or overlap (−) at each boundary found against the sweep by cross-correlation (sub-sample). Worst of all transitions. Bytes: what the gapless streams of one play weighed, against the album's three files. Target: 0 samples for every format (lossless as FLAC, lossy originals as their own frames); AAC-ELST's edit list states its length in milliseconds, so within 1 ms (48 samples); MP3, AAC and Opus tracks at no more than 105 % of their files (Vorbis, which Chromium takes only in WebM, goes as FLAC: decision 0060). Bytes are the browser's count of the responses (\`encodedBodySize\`) in the last play.`,
    '',
    '| queue | transitions | worst (samples) | worst (time) | bytes streamed / file bytes |',
    '|---|---|---|---|---|',
    ...rows,
    MARKERS.end,
  ].join('\n');
  await writeBenchSection(MARKERS, section);
}

if (process.argv[1]?.endsWith('player-gapless-bench.ts')) await runGaplessBench();
