import type { Page } from '@playwright/test';
import { expect, test } from './support/csp-guard';
import type { Track } from '../domain/track';
import {
  activeAudio,
  audioState,
  demoCollection,
  expectPlaying,
  seedQueue,
  signInAsAdmin,
} from './support/player-queue';

let tracks: Track[] = [];
test.beforeAll(async () => {
  tracks = (await demoCollection(3)).tracks.slice(0, 3);
});

const bar = (page: Page) => page.getByTestId('player-bar');
const title = (page: Page) => page.getByTestId('player-title');

/** Jumps close to the end of the current track so its `ended` event comes quickly. */
async function nearEnd(page: Page) {
  await activeAudio(page).evaluate(async (el: HTMLAudioElement) => {
    if (!Number.isFinite(el.duration))
      await new Promise((r) => el.addEventListener('loadedmetadata', r, { once: true }));
    el.currentTime = Math.max(0, el.duration - 0.6);
  });
}

async function start(page: Page, index = 0) {
  await signInAsAdmin(page);
  await seedQueue(page, tracks, index);
  await bar(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expectPlaying(page);
}

test.describe('the player', () => {
  test('plays from the bar with the page title, Media Session metadata and handlers', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const handlers: Record<string, MediaSessionActionHandler | null> = {};
      (window as unknown as { __handlers: typeof handlers }).__handlers = handlers;
      const original = navigator.mediaSession.setActionHandler.bind(navigator.mediaSession);
      navigator.mediaSession.setActionHandler = (action, handler) => {
        handlers[action] = handler;
        original(action, handler);
      };
    });
    await start(page);
    const [first, second] = tracks as [Track, Track];
    await expect(title(page)).toHaveText(first.title);
    await expect(page).toHaveTitle(`${first.artists[0]} - ${first.title}`);
    expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe('playing');
    const meta = await page.evaluate(() => {
      const m = navigator.mediaSession.metadata;
      return m && { title: m.title, artist: m.artist, album: m.album, artwork: m.artwork.length };
    });
    expect(meta).toMatchObject({ title: first.title, artist: first.artists.join(', ') });
    expect(meta?.artwork).toBeGreaterThan(0);

    const call = (action: string, details: Record<string, unknown> = {}) =>
      page.evaluate(
        ([a, d]) =>
          (
            window as unknown as { __handlers: Record<string, MediaSessionActionHandler> }
          ).__handlers[a as string]?.({ action: a, ...(d as object) } as MediaSessionActionDetails),
        [action, details] as const,
      );

    await call('nexttrack');
    await expect(title(page)).toHaveText(second.title);
    await expect
      .poll(() => page.evaluate(() => navigator.mediaSession.metadata?.title))
      .toBe(second.title);
    await call('previoustrack');
    await expect(title(page)).toHaveText(first.title);
    await expectPlaying(page);
    await call('pause');
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe('paused');
    await expect(bar(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    await call('play');
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);
    await call('seekto', { seekTime: 5 });
    await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThanOrEqual(5);
  });

  test('disables previous at the first item and next at the last, and toggles play/pause', async ({
    page,
  }) => {
    await start(page);
    await expect(bar(page).getByRole('button', { name: 'Previous track' })).toBeDisabled();
    await bar(page).getByRole('button', { name: 'Pause' }).click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    await bar(page).getByRole('button', { name: 'Next track' }).click();
    await bar(page).getByRole('button', { name: 'Next track' }).click();
    await expect(title(page)).toHaveText(tracks[2]?.title ?? '');
    await expect(bar(page).getByRole('button', { name: 'Next track' })).toBeDisabled();
  });

  test('keeps queue, index and position across a reload, paused', async ({ page }) => {
    await start(page);
    await bar(page).getByRole('button', { name: 'Next track' }).click();
    await expect(title(page)).toHaveText(tracks[1]?.title ?? '');
    await expectPlaying(page);
    await activeAudio(page).evaluate((el: HTMLAudioElement) => {
      el.currentTime = 12;
    });
    await bar(page).getByRole('button', { name: 'Pause' }).click();
    // The position is written to IndexedDB asynchronously; a loaded machine takes its time.
    await expect.poll(() => savedPosition(page), { timeout: 15_000 }).toBeGreaterThan(11);
    await page.reload();
    await expect(title(page)).toHaveText(tracks[1]?.title ?? '');
    await expect(bar(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    await expect
      .poll(async () => (await audioState(page)).currentTime, { timeout: 15_000 })
      .toBeGreaterThan(11);
    const state = await audioState(page);
    expect(state.paused).toBe(true);
    expect(state.src).toBe(tracks[1]?.url);
    await bar(page).getByRole('button', { name: 'Queue', exact: true }).click();
    await expect(page.getByTestId('queue-list').getByRole('listitem')).toHaveCount(3);
  });

  test('applies the repeat modes at the end of a track', async ({ page }) => {
    // Three track ends played through: 58 s on the loaded landing check, against the 60 s default.
    test.setTimeout(120_000);
    await start(page);
    // Repeat none: the next item starts.
    await nearEnd(page);
    await expect(title(page)).toHaveText(tracks[1]?.title ?? '', { timeout: 15_000 });
    await expectPlaying(page);

    await bar(page).getByRole('button', { name: 'Queue', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Repeat: none' }).click();
    await expect(
      page.getByRole('dialog').getByRole('button', { name: 'Repeat: single' }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    // Repeat single: the same item restarts.
    await nearEnd(page);
    await expect
      .poll(async () => (await audioState(page)).currentTime, { timeout: 15_000 })
      .toBeLessThan(3);
    await expect(title(page)).toHaveText(tracks[1]?.title ?? '');
    await expectPlaying(page);

    // Repeat queue on the last item: wraps to the first.
    await bar(page).getByRole('button', { name: 'Queue', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Repeat: single' }).click();
    await page
      .getByRole('dialog')
      .getByText(tracks[2]?.title ?? '')
      .click();
    await page.keyboard.press('Escape');
    await expect(title(page)).toHaveText(tracks[2]?.title ?? '');
    await expectPlaying(page);
    await nearEnd(page);
    await expect(title(page)).toHaveText(tracks[0]?.title ?? '', { timeout: 15_000 });

    // Back to none; the last item ending pauses and rewinds.
    await bar(page).getByRole('button', { name: 'Queue', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Repeat: queue' }).click();
    await page
      .getByRole('dialog')
      .getByText(tracks[2]?.title ?? '')
      .click();
    await page.keyboard.press('Escape');
    await expectPlaying(page);
    await nearEnd(page);
    await expect.poll(async () => (await audioState(page)).paused, { timeout: 15_000 }).toBe(true);
    expect((await audioState(page)).currentTime).toBeLessThan(0.5);
    await expect(title(page)).toHaveText(tracks[2]?.title ?? '');
  });

  test('queue panel jumps and removes non-current items', async ({ page }) => {
    await start(page);
    await bar(page).getByRole('button', { name: 'Queue', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const items = dialog.getByTestId('queue-list').getByRole('listitem');
    await expect(items.nth(0).getByRole('button', { name: /^Remove/ })).toHaveCount(0);
    await items
      .nth(2)
      .getByRole('button', { name: /^Remove/ })
      .click();
    await expect(items).toHaveCount(2);
    await dialog.getByText(tracks[1]?.title ?? '').click();
    await expect(title(page)).toHaveText(tracks[1]?.title ?? '');
  });

  test('keeps the volume across a reload (localStorage key volume)', async ({ page }) => {
    await signInAsAdmin(page);
    await seedQueue(page, tracks);
    const slider = bar(page).getByRole('slider', { name: 'Volume' });
    await expect(slider).toHaveAttribute('step', '0.01');
    expect(await page.evaluate(() => localStorage.getItem('volume'))).toBeNull();
    await slider.fill('0.5');
    expect(await page.evaluate(() => localStorage.getItem('volume'))).toBe('0.5');
    await page.reload();
    await expect(bar(page).getByRole('slider', { name: 'Volume' })).toHaveValue('0.5');
    expect((await audioState(page)).volume).toBe(0.5);
  });

  test('stops on a quick vertical drag and hides the bar', async ({ page }) => {
    await start(page);
    const box = await bar(page).boundingBox();
    if (!box) throw new Error('no bar');
    const touch = (type: string, y: number) =>
      bar(page).dispatchEvent(type, {
        touches: [{ identifier: 1, clientX: box.x + 20, clientY: y }],
      });
    await touch('touchstart', box.y + 10);
    await touch('touchmove', box.y + 50);
    await expect(bar(page)).toHaveCount(0);
  });

  test('plays a collection from the home page, with like and add to playlist', async ({ page }) => {
    await signInAsAdmin(page);
    const bulk = page.waitForRequest(
      (r) => r.url().endsWith('/api/audio_collection/bulk') && r.method() === 'POST',
    );
    await page
      .getByRole('main')
      .getByRole('button', { name: /^Play / })
      .first()
      .click();
    await bulk;
    await expectPlaying(page);
    expect((await audioState(page)).src).toMatch(/^\/downloader\/file\/\d+\?playback=true$/);
    await expect(bar(page).getByRole('button', { name: 'Add to playlist' })).toBeVisible();
    const like = bar(page).getByRole('button', { name: /^(Like|Unlike)$/ });
    const before = await like.getAttribute('aria-label');
    const after = before === 'Like' ? 'Unlike' : 'Like';
    await like.click();
    await expect(like).toHaveAttribute('aria-label', after);
    await page.waitForTimeout(500);
    await page.reload();
    await expect(bar(page).getByRole('button', { name: after, exact: true })).toBeVisible();
  });

  test('opens the full-screen player at 1012 px with a waveform that seeks', async ({ page }) => {
    await page.setViewportSize({ width: 1012, height: 800 });
    await start(page);
    await expect(bar(page).getByRole('slider', { name: 'Volume' })).toHaveCount(0);
    await bar(page).getByRole('button', { name: 'Open full-screen player' }).click();
    const full = page.getByTestId('full-screen-player');
    await expect(full).toBeVisible();
    await expect(full.getByRole('heading', { name: tracks[0]?.title })).toBeVisible();
    await expect(full.getByRole('button', { name: 'Repeat: none' })).toBeVisible();
    await expect(full.getByRole('button', { name: 'Queue', exact: true })).toBeVisible();
    const wave = full.getByTestId('waveform');
    await expect(wave.locator('canvas').first()).toBeAttached({ timeout: 10_000 });
    const box = await wave.boundingBox();
    if (!box) throw new Error('no waveform');
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height / 2);
    const { currentTime, duration } = await audioState(page);
    expect(Math.abs(currentTime / duration - 0.5)).toBeLessThan(0.05);
  });

  test('shows no full-screen player above 1012 px', async ({ page }) => {
    await page.setViewportSize({ width: 1013, height: 800 });
    await start(page);
    await expect(bar(page).getByRole('button', { name: 'Open full-screen player' })).toHaveCount(0);
  });
});

/** The position the player engine last wrote to its IndexedDB store. */
function savedPosition(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('musicbox-player');
        open.onerror = () => resolve(-1);
        open.onsuccess = () => {
          const read = open.result.transaction('state').objectStore('state').get('player-state');
          read.onerror = () => resolve(-1);
          read.onsuccess = () => {
            const value = read.result as { position?: number } | undefined;
            resolve(value?.position ?? -1);
            open.result.close();
          };
        };
      }),
  );
}
