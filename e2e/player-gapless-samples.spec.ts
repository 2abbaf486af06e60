import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CollectionWithFiles } from '../domain/collection';
import { tracksOfCollection } from '../domain/playback';
import { ApiSession } from './support/api';
import { expect, test } from './support/csp-guard';
import { startExtraServer, type ExtraServer } from './support/extra-server';
import { captureQueue, seedGaplessQueue } from './support/gapless-capture';
import { type Discontinuity, discontinuity, endError } from './support/gapless-measure';
import {
  CUTS,
  RATE,
  SWEEP_FORMATS,
  albumBytes,
  albumName,
  readMaster,
  writeMaster,
  writeSweepAlbum,
  type SweepFormat,
} from './support/gapless-sweep';
import { importLibrary } from './support/music-dir';
import { signInByApi } from './support/sign-in-by-api';

/**
 * Issue 33 §1, proof by sound: a continuous sine sweep cut into three tracks mid-frame, encoded
 * per format, imported as one album each on a server of its own, played in Chromium on the
 * gapless deck (decision 0052); the element's output samples are captured and each boundary's
 * gap or overlap measured against the sweep. Target: 0 samples for FLAC and WAV, at most 1 ms
 * for MP3, AAC and Opus, for originals, a transcoded format (AIFF) and previews.
 */
// Not serial: a failed test is retried alone, not the whole file (its server and import with it).
test.describe.configure({ timeout: 180_000 });
// The recorder worklet is loaded from a blob URL, which the app's CSP (rightly) refuses.
test.use({ bypassCSP: true });

/**
 * What each album may be off by, in samples: nothing, but where the file itself states its
 * length in milliseconds (an edit list written by ffmpeg), 1 ms; and lossy previews, cut by time
 * from the middle of their track, 1 ms.
 */
const allowed = (format: SweepFormat, full: boolean) =>
  format.label === 'AAC-ELST' || (!full && !['FLAC', 'WAV', 'AIFF'].includes(format.name))
    ? RATE / 1000
    : 0.5;
/**
 * Where the queue ends (or the next track is of another type), Chromium flushes the decoder, and
 * not every codec then stops on its last sample: the MPEG audio decoder puts out 528 samples
 * more (the file's own padding), the AAC decoder holds back its last frame (1,024). Measured by
 * this test; joins between tracks of one type are exact. Decision 0060.
 */
const QUEUE_END: Record<string, number> = { MP3: 528, AAC: -1024 };
/** Lossy originals travel as their own frames (Vorbis excepted): the files and a container. */
const OWN_FRAMES = new Set(['MP3', 'AAC', 'OPUS']);

let server: ExtraServer;
let scratch: string;
let reference: Float32Array;
const collections = new Map<string, number>();

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startExtraServer();
  scratch = await mkdtemp(join(tmpdir(), 'musicbox-sweep-'));
  const master = join(scratch, 'master.wav');
  await writeMaster(master);
  reference = await readMaster(master);
  for (const format of SWEEP_FORMATS) await writeSweepAlbum(master, server.musicDir, format);
  const api = await ApiSession.signIn(undefined, undefined, server.url);
  try {
    const job = await importLibrary(api, 240_000);
    expect(job.problems).toEqual([]);
    const found = await api.call<{ data: { collectionId: number; collectionName: string }[] }>(
      'POST',
      '/api/audio_collection/search',
      { query: 'Sweep', limit: 50 },
    );
    for (const c of found.data) collections.set(c.collectionName, c.collectionId);
  } finally {
    await api.dispose();
  }
});

test.afterAll(async () => {
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

async function queueOf(page: import('@playwright/test').Page, format: SweepFormat, full: boolean) {
  const id = collections.get(albumName(format));
  expect(id, `${albumName(format)} imported`).toBeDefined();
  const answer = await page.request.get(`${server.url}/api/audio_collection/${id}`);
  const queue = tracksOfCollection((await answer.json()) as CollectionWithFiles, full);
  expect(queue).toHaveLength(3);
  return queue;
}

const cases = [
  ...SWEEP_FORMATS.map((format) => ({ format, full: true })),
  // Previews: the 30 s window of these short tracks is the whole track.
  ...SWEEP_FORMATS.filter((f) => ['FLAC', 'MP3'].includes(f.name)).map((format) => ({
    format,
    full: false,
  })),
];

for (const { format, full } of cases) {
  const label = `${format.label ?? format.name} ${full ? 'tracks' : 'previews'}`;
  test(`${label} join with no gap and no overlap`, async ({ page }) => {
    await signInByApi(page, undefined, undefined, server.url);
    const queue = await queueOf(page, format, full);
    // A loaded machine's capture path now and then drops a few dozen milliseconds of what the
    // element played (seen once at a seam: -3,384 samples, the other seam exact). Such a take is
    // made again, at most three in all: a real fault of the join is there in every take.
    let take: { captured: Float32Array; streamed: number; found: Discontinuity[] };
    for (let n = 1; ; n += 1) {
      const { samples: captured, streamed } = await captureQueue(page, server.url, queue);
      const found = CUTS.map((cut) => discontinuity(captured, reference, cut));
      take = { captured, streamed, found };
      const off = found.some((d) => d.score <= 0.9 || Math.abs(d.samples) > allowed(format, full));
      if (!off || n === 3) break;
      console.log(`${label}, take ${n}: ${found.map((d) => d.samples.toFixed(2)).join(', ')}`);
    }
    const { captured, streamed, found } = take;
    console.log(`${label}: ${found.map((d) => d.samples.toFixed(2)).join(', ')} samples`);
    test.info().annotations.push({
      type: 'discontinuity',
      description: found
        .map((d) => `${d.samples.toFixed(2)} samples (match ${d.score.toFixed(3)})`)
        .join(', '),
    });
    for (const d of found) {
      expect(d.score, 'the sweep is found on both sides of the boundary').toBeGreaterThan(0.9);
      expect(Math.abs(d.samples)).toBeLessThanOrEqual(allowed(format, full));
    }
    if (!full) return;
    // The three tracks together last as long as the sweep, within 1 ms: what each join and the
    // last track's end add or take away.
    const end = endError(captured, reference) - (QUEUE_END[format.name] ?? 0);
    const total = found.reduce((sum, d) => sum + d.samples, 0) + end;
    console.log(`${label}: ${total.toFixed(2)} samples off in all, ${streamed} bytes streamed`);
    expect(Math.abs(total)).toBeLessThanOrEqual(RATE / 1000);
    if (OWN_FRAMES.has(format.name))
      expect(streamed).toBeLessThanOrEqual(1.05 * (await albumBytes(server.musicDir, format)));
  });
}

test.describe('joins that are not the album order', () => {
  const flac = SWEEP_FORMATS.find((f) => f.name === 'FLAC')!;
  const [, second] = CUTS;

  test('a repeat-all wrap and a repeat-one restart join the samples exactly', async ({ page }) => {
    await signInByApi(page, undefined, undefined, server.url);
    const queue = await queueOf(page, flac, true);
    const last = reference.length;
    // From the last track: its end is followed by the first track's start (all) ...
    const { samples: wrap } = await captureQueue(page, server.url, queue, {
      index: 2,
      repeat: 'queue',
      seconds: 2,
    });
    const all = discontinuity(wrap, reference, last, 0);
    // ... or by its own start again (one).
    const { samples: again } = await captureQueue(page, server.url, queue, {
      index: 2,
      repeat: 'single',
      seconds: 2,
    });
    const one = discontinuity(again, reference, last, second);
    console.log(
      `repeat all: ${all.samples.toFixed(2)}, repeat one: ${one.samples.toFixed(2)} samples`,
    );
    for (const d of [all, one]) {
      expect(d.score).toBeGreaterThan(0.9);
      expect(Math.abs(d.samples)).toBeLessThanOrEqual(0.5);
    }
  });

  // FLAC, and an MP3's own frames (a new MediaSource, its decoder started mid-track).
  for (const name of ['FLAC', 'MP3']) {
    test(`a seek near the end of a ${name} track keeps the join exact`, async ({ page }) => {
      await signInByApi(page, undefined, undefined, server.url);
      const queue = await queueOf(
        page,
        SWEEP_FORMATS.find((f) => f.name === name)!,
        true,
      );
      const { samples: captured } = await captureQueue(page, server.url, queue, {
        during: async (p) => {
          // 80% into the first track: about 0.25 s before its end.
          const bar = p.getByTestId('seek-bar');
          const box = (await bar.boundingBox())!;
          await p.mouse.click(box.x + box.width * 0.8, box.y + box.height / 2);
        },
      });
      const found = discontinuity(captured, reference, CUTS[0]);
      console.log(`${name} after a seek: ${found.samples.toFixed(2)} samples`);
      expect(found.score).toBeGreaterThan(0.9);
      expect(Math.abs(found.samples)).toBeLessThanOrEqual(0.5);
    });
  }
});

test('tracks of different formats join: the buffer changes type between them', async ({ page }) => {
  const byName = (label: string) => SWEEP_FORMATS.find((f) => (f.label ?? f.name) === label)!;
  await signInByApi(page, undefined, undefined, server.url);
  const [flac, mp3, aac] = await Promise.all(
    ['FLAC', 'MP3', 'AAC'].map((label) => queueOf(page, byName(label), true)),
  );
  // Into a new decoder of another type (FLAC to MP3, FLAC to AAC): exact. Out of an MP3 or AAC
  // decoder into another type, Chromium flushes it, and that is not cut to the sample: an MP3
  // adds its 528 samples as where a queue ends; an AAC track after a change of type keeps its
  // padding (324 samples in this album's second track). Within 1,024 samples (21 ms): decision
  // 0060, "Changes of type".
  const queues = [
    { names: 'FLAC > MP3 > MP3', queue: [flac![0]!, mp3![1]!, mp3![2]!], exact: [true, true] },
    { names: 'FLAC > AAC > FLAC', queue: [flac![0]!, aac![1]!, flac![2]!], exact: [true, false] },
    { names: 'MP3 > FLAC > AAC', queue: [mp3![0]!, flac![1]!, aac![2]!], exact: [false, true] },
  ];
  for (const { names, queue, exact } of queues) {
    const { samples: captured } = await captureQueue(page, server.url, queue);
    const found = CUTS.map((cut) => discontinuity(captured, reference, cut));
    console.log(`${names}: ${found.map((d) => d.samples.toFixed(2)).join(', ')} samples`);
    found.forEach((d, i) => {
      expect(d.score).toBeGreaterThan(0.9);
      expect(Math.abs(d.samples)).toBeLessThanOrEqual(exact[i] ? 0.5 : 1024);
    });
  }
});

test('a queue edited mid-track joins the new next track exactly', async ({ page }) => {
  const flac = SWEEP_FORMATS.find((f) => f.name === 'FLAC')!;
  await signInByApi(page, undefined, undefined, server.url);
  const queue = await queueOf(page, flac, true);
  const bar = page.getByTestId('player-bar');
  // Paused early in the first track, whose successor is already appended: the second track
  // leaves the queue, and the first must now be followed by the third. (An edit in the last
  // moments of a track cannot fetch the new successor in time: decision 0052.)
  const { samples: captured } = await captureQueue(page, server.url, queue, {
    during: async (p) => {
      await bar.getByRole('button', { name: 'Pause', exact: true }).click();
      await bar.getByRole('button', { name: 'Queue', exact: true }).click();
      const dialog = p.getByRole('dialog');
      await dialog
        .getByRole('button', { name: `Remove ${queue[1]!.title} from the queue` })
        .click();
      await p.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await bar.getByRole('button', { name: 'Play', exact: true }).click();
    },
  });
  const found = discontinuity(captured, reference, CUTS[0], CUTS[1]);
  console.log(`after a queue edit: ${found.samples.toFixed(2)} samples`);
  expect(found.score).toBeGreaterThan(0.9);
  expect(Math.abs(found.samples)).toBeLessThanOrEqual(0.5);
});

test('a track whose gapless stream fails plays on the element deck instead', async ({ page }) => {
  const flac = SWEEP_FORMATS.find((f) => f.name === 'FLAC')!;
  await signInByApi(page, undefined, undefined, server.url);
  const queue = await queueOf(page, flac, true);
  // As a 409 (speed limit), a 5xx or a network failure would.
  await page.route(`${server.url}/downloader/gapless/**`, (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"busy"}' }),
  );
  await seedGaplessQueue(page, server.url, queue);
  await page.getByTestId('player-bar').getByRole('button', { name: 'Play', exact: true }).click();
  const active = page.locator('audio[data-player="active"]');
  await expect(active).toHaveAttribute('src', queue[0]!.url);
  await expect
    .poll(() => active.evaluate((el: HTMLAudioElement) => !el.paused && el.currentTime > 0.2))
    .toBe(true);
  await expect(page.getByTestId('player-title')).toHaveText(queue[0]!.title);
});

test('a speed-limit refusal (409) keeps every later track on the element deck, preloaded', async ({
  page,
}) => {
  const flac = SWEEP_FORMATS.find((f) => f.name === 'FLAC')!;
  await signInByApi(page, undefined, undefined, server.url);
  const queue = await queueOf(page, flac, true);
  let asked = 0;
  await page.route(`${server.url}/downloader/gapless/**`, (route) => {
    asked += 1;
    return route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: '{"error":"slow"}',
    });
  });
  await seedGaplessQueue(page, server.url, queue);
  await page.getByTestId('player-bar').getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page.locator('audio[data-player="active"]')).toHaveAttribute('src', queue[0]!.url);
  // The next track waits warm in the element deck's spare, not behind another refusal.
  await expect(page.locator('audio[data-player="spare"]')).toHaveAttribute('src', queue[1]!.url);
  await expect(page.getByTestId('player-title')).toHaveText(queue[2]!.title, { timeout: 15_000 });
  expect(asked).toBe(1);
});
