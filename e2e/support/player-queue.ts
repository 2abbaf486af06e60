import { expect, type Page } from '@playwright/test';
import type { CollectionWithFiles } from '../../domain/collection';
import { tracksFromCollections } from '../../domain/playback';
import type { Track } from '../../domain/track';
import { ApiSession } from './api';
import { signIn } from './sign-in';

/** The player and offline tests wait for the worker themselves where they need it. */
export const signInAsAdmin = (page: Page): Promise<void> =>
  signIn(page, undefined, undefined, { worker: false });

export interface DemoAlbum {
  collectionId: number;
  name: string;
  tracks: Track[];
}

/**
 * The admin's view of the free demo collections whose files the browser plays as they are,
 * oldest first: the demo library is imported before any test runs, while specs that share the
 * server add short, untagged collections (torrent, url, upload) that must not be picked.
 */
export async function freeDemoAlbums(
  /** Another server than the suite's (e2e/support/extra-server.ts). */
  baseURL = process.env.E2E_BASE_URL,
): Promise<DemoAlbum[]> {
  const api = await ApiSession.signIn(undefined, undefined, baseURL);
  try {
    const search = await api.call<{
      data: Array<{ collectionId: number; collectionPrice: number | null }>;
    }>('POST', '/api/audio_collection/search', { limit: 500 });
    const ids = search.data
      .filter((c) => !c.collectionPrice)
      .map((c) => c.collectionId)
      .sort((a, b) => a - b);
    const items = await api.call<CollectionWithFiles[]>('POST', '/api/audio_collection/bulk', {
      ids,
    });
    const role = { roleDownloadPaid: true, roleDownloadLimit: null, roleTranscode: true };
    // Browser-playable originals (ALAC/AIFF/WMA are transcoded, so slower to start).
    const playable = new Set(['MP3', 'FLAC', 'OGG', 'M4A', 'AAC', 'WAV']);
    return items
      .filter((item) =>
        item.files.every((f) => !f.audio || playable.has(f.audio.audioFormat.toUpperCase())),
      )
      .map((item) => ({
        collectionId: item.collection.collectionId,
        name: item.collection.collectionName,
        tracks: tracksFromCollections([item], role),
      }));
  } finally {
    await api.dispose();
  }
}

/** The admin's view of a free demo collection with at least `min` playable tracks. */
export async function demoCollection(
  min = 3,
  baseURL = process.env.E2E_BASE_URL,
): Promise<DemoAlbum> {
  const found = (await freeDemoAlbums(baseURL)).find((album) => album.tracks.length >= min);
  if (!found) throw new Error(`no free demo collection with ${min} tracks`);
  return found;
}

/**
 * Puts a queue where the player keeps it between visits (IndexedDB 'musicbox-player'), the
 * same path a reload restores from. Used to load a queue before the library screens offer
 * play buttons; playing still goes through the player bar.
 */
export async function seedQueue(
  page: Page,
  queue: Track[],
  index = 0,
  position = 0,
): Promise<void> {
  await page.evaluate(
    async (state) =>
      new Promise<void>((resolve, reject) => {
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
          tx.onerror = () => reject(tx.error);
        };
      }),
    { queue, index, repeat: 'none', position },
  );
  await page.reload();
  // A reload on a loaded two-core CI machine (two browsers, the server, ffmpeg) took over the
  // default 10 s now and then; the restore itself is one IndexedDB read.
  await expect(page.getByTestId('player-bar')).toBeVisible({ timeout: 30_000 });
}

/**
 * The element that sounds the current track: the element deck's active one (decision 0029) or
 * the gapless deck's (decision 0052, on by default). A deck not in use has no `src`.
 */
export const soundingAudio = (page: Page) =>
  page.locator('audio[data-player="active"][src], audio[data-player="gapless"][src]').first();

/**
 * The current track as a media element: the element deck's active element, or the gapless
 * element's track clock (its `currentTime` and `duration` are the current track's, setting
 * `currentTime` seeks through the deck, `getAttribute('src')` is the track's stream URL), so
 * one spec reads and moves either deck the same way.
 */
export const activeAudio = (page: Page) => ({
  async evaluate<R, A = undefined>(
    fn: (el: HTMLAudioElement, arg: A) => R | Promise<R>,
    arg?: A,
  ): Promise<R> {
    const handle = await soundingAudio(page).evaluateHandle(
      (el) => (el as HTMLAudioElement & { trackClock?: HTMLAudioElement }).trackClock ?? el,
    );
    try {
      return (await handle.evaluate(fn as never, arg)) as R;
    } finally {
      await handle.dispose();
    }
  },
});

export async function audioState(page: Page) {
  return activeAudio(page).evaluate((el: HTMLAudioElement) => ({
    src: el.getAttribute('src') ?? '',
    currentTime: el.currentTime,
    paused: el.paused,
    duration: el.duration,
    volume: el.volume,
  }));
}

export async function expectPlaying(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const s = await audioState(page);
        return !s.paused && s.currentTime > 0.2;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}
