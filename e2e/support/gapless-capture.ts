import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { RepeatMode } from '../../domain/queue';
import type { Track } from '../../domain/track';
import { RATE } from './gapless-sweep';

const RECORDER = `registerProcessor('recorder', class extends AudioWorkletProcessor {
  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (channel) this.port.postMessage(channel.slice(0));
    return true;
  }
});`;

export interface CaptureOptions {
  /** Where the queue starts and its repeat mode. */
  index?: number;
  repeat?: RepeatMode;
  /** Stop after this many seconds of sound instead of at `ended` (repeat modes never end). */
  seconds?: number;
  /** Runs once playback has started: a seek, a queue edit. */
  during?: (page: Page) => Promise<void>;
}

/** What was heard. */
export interface Capture {
  samples: Float32Array;
  /** Bytes of the gapless streams the player fetched for the take. */
  streamed: number;
}

/**
 * Opens `origin` (where `page` is signed in), turns Gapless on and puts `queue` where the player
 * restores it from, then reloads: a returning listener's visit, the queue loaded and paused.
 */
export async function seedGaplessQueue(
  page: Page,
  origin: string,
  queue: Track[],
  options: Pick<CaptureOptions, 'index' | 'repeat'> = {},
): Promise<void> {
  // Run through tsx (the bench), named inner functions are wrapped in __name(), which the page
  // does not define; a string script is not transformed.
  await page.addInitScript('globalThis.__name ??= (f) => f;');
  await page.goto(`${origin}/`);
  await page.evaluate(
    async ({ mode, ...state }) => {
      localStorage.setItem('gapless', mode);
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('musicbox-player');
        open.onupgradeneeded = () => open.result.createObjectStore('state');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('state', 'readwrite');
          tx.objectStore('state').put(state, 'player-state');
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
        };
      });
    },
    {
      // The default plays full tracks gapless; previews need the choice that includes them.
      mode: queue[0]?.isPreview ? 'always' : 'tracks',
      queue,
      index: options.index ?? 0,
      repeat: options.repeat ?? 'none',
      position: 0,
    },
  );
  await page.reload();
  await page.getByTestId('player-bar').waitFor({ timeout: 30_000 });
}

/**
 * Plays `queue` from its start on the gapless deck and answers the samples the element put out
 * (its `captureStream()` recorded by an AudioWorklet in a ${RATE} Hz AudioContext) until it
 * ended. `page` is signed in on `origin`, in a context that bypasses CSP (the worklet is a blob).
 */
export async function captureQueue(
  page: Page,
  origin: string,
  queue: Track[],
  options: CaptureOptions = {},
): Promise<Capture> {
  // A recording that began after the first boundary's window measures nothing: on a starved
  // machine the capture's track can arrive a second after the sound. A take during which the
  // element ran out of data (`waiting` outside a seek) holds a buffering stall, silence that
  // is not a join. Neither is the join's fault, so the take is made again (at most three).
  for (let take = 1; ; take += 1) {
    const { samples, lateBy, stalls } = await captureOnce(page, origin, queue, options);
    // The player reads these bodies itself (MediaSource): the browser's own count of their bytes.
    const streamed = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/downloader/gapless/'))
        .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0),
    );
    const why =
      lateBy > LATE_LIMIT
        ? `the recording began ${lateBy.toFixed(2)} s into the sound`
        : stalls > 0
          ? `the element waited for data ${stalls} times`
          : null;
    if (why === null) return { samples, streamed };
    if (take === 3) throw new Error(`${why} in 3 takes`);
    console.log(`take ${take}: ${why}; again`);
  }
}

/** How late (seconds of sound) a recording may begin: well before the first cut's window. */
const LATE_LIMIT = 0.5;

async function captureOnce(
  page: Page,
  origin: string,
  queue: Track[],
  options: CaptureOptions,
): Promise<{ samples: Float32Array; lateBy: number; stalls: number }> {
  await seedGaplessQueue(page, origin, queue, options);
  await page.locator('audio[data-player="gapless"][src]').waitFor({ state: 'attached' });
  await page.evaluate(
    async ({ recorder, rate }) => {
      const el = document.querySelector<HTMLAudioElement>('audio[data-player="gapless"]')!;
      const ctx = new AudioContext({ sampleRate: rate });
      // A blob module: the spec's context bypasses the app's CSP for this test-only worklet.
      const url = URL.createObjectURL(new Blob([recorder], { type: 'text/javascript' }));
      await ctx.audioWorklet.addModule(url);
      const node = new AudioWorkletNode(ctx, 'recorder');
      const mute = ctx.createGain();
      mute.gain.value = 0;
      node.connect(mute).connect(ctx.destination);
      const chunks: Float32Array[] = [];
      const w = window as unknown as {
        __chunks: Float32Array[];
        __ended: boolean;
        __lateBy: number | undefined;
        __stalls: number;
      };
      w.__chunks = chunks;
      w.__ended = false;
      w.__lateBy = undefined;
      w.__stalls = 0;
      el.addEventListener('waiting', () => {
        if (w.__lateBy !== undefined && !el.seeking) w.__stalls += 1;
      });
      node.port.onmessage = (event: MessageEvent<Float32Array>) => {
        // Where the sound was when the first samples reached the recorder.
        w.__lateBy ??= el.currentTime;
        chunks.push(event.data);
      };
      el.addEventListener('ended', () => (w.__ended = true), { once: true });
      const stream = (el as HTMLAudioElement & { captureStream(): MediaStream }).captureStream();
      const attach = () => ctx.createMediaStreamSource(stream).connect(node);
      if (stream.getAudioTracks().length > 0) attach();
      else stream.addEventListener('addtrack', attach, { once: true });
    },
    { recorder: RECORDER, rate: RATE },
  );
  await page.getByTestId('player-bar').getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForFunction(
    () => (window as unknown as { __chunks: Float32Array[] }).__chunks.length > 0,
  );
  await options.during?.(page);
  if (options.seconds === undefined)
    await page.waitForFunction(() => (window as unknown as { __ended: boolean }).__ended, null, {
      timeout: 60_000,
    });
  else await page.waitForTimeout(options.seconds * 1000);
  await page.waitForTimeout(300);
  const base64 = await page.evaluate(() => {
    const chunks = (window as unknown as { __chunks: Float32Array[] }).__chunks;
    const all = new Float32Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const chunk of chunks) {
      all.set(chunk, at);
      at += chunk.length;
    }
    const bytes = new Uint8Array(all.buffer);
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  });
  // A copy: a pooled Buffer's offset need not be a multiple of 4.
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  // GAPLESS_DUMP=folder keeps each capture as raw 32-bit float mono, to listen to or plot.
  if (process.env.GAPLESS_DUMP)
    await writeFile(join(process.env.GAPLESS_DUMP, `capture-${Date.now()}.f32`), bytes);
  const { lateBy, stalls } = await page.evaluate(() => {
    const w = window as unknown as { __lateBy: number | undefined; __stalls: number };
    return { lateBy: w.__lateBy ?? 0, stalls: w.__stalls };
  });
  return { samples: new Float32Array(bytes.buffer), lateBy, stalls };
}
