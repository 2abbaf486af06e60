import { expect, test, type Page } from './support/csp-guard';
import type { Track } from '../domain/track';
import {
  activeAudio,
  audioState,
  demoCollection,
  expectPlaying,
  seedQueue,
  signInAsAdmin,
} from './support/player-queue';

/**
 * Issue #10, "the gap between tracks": the preloaded next track is started by a timer aimed at
 * the end of the current one, not by its `ended` event (decision 0029).
 */
let tracks: Track[] = [];
test.beforeAll(async () => {
  tracks = (await demoCollection(3)).tracks.slice(0, 3);
});

const bar = (page: Page) => page.getByTestId('player-bar');

interface AtEnded {
  src: string;
  currentTime: number;
  paused: boolean;
}

/**
 * Records, at the moment the element holding `url` fires `ended`, what the active element
 * plays. A capture listener on the document runs before the engine's own listener.
 */
async function watchEnded(page: Page, url: string) {
  await page.evaluate((ended) => {
    const w = window as unknown as { __atEnded: AtEnded | null };
    w.__atEnded = null;
    document.addEventListener(
      'ended',
      (event) => {
        const el = event.target as HTMLAudioElement;
        if (el.getAttribute('src') !== ended || w.__atEnded) return;
        const active = document.querySelector<HTMLAudioElement>('audio[data-player="active"]');
        w.__atEnded = active && {
          src: active.getAttribute('src') ?? '',
          currentTime: active.currentTime,
          paused: active.paused,
        };
      },
      true,
    );
  }, url);
}

const atEnded = (page: Page) =>
  page.evaluate(() => (window as unknown as { __atEnded: AtEnded | null }).__atEnded);

async function seekBeforeEnd(page: Page, seconds: number) {
  await activeAudio(page).evaluate(async (el: HTMLAudioElement, before) => {
    if (!Number.isFinite(el.duration))
      await new Promise((r) => el.addEventListener('loadedmetadata', r, { once: true }));
    el.currentTime = Math.max(0, el.duration - before);
  }, seconds);
}

async function start(page: Page) {
  await signInAsAdmin(page);
  await seedQueue(page, tracks, 0);
  await bar(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expectPlaying(page);
}

test.describe('the hand-over between tracks', () => {
  // The two-element hand-over of decision 0029, which the player falls back to (decision 0052:
  // offline, external tracks, no MSE FLAC): Gapless, on by default, is turned off here.
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('gapless', 'off'));
  });

  test('starts the next track before the current one fires ended, and everything follows', async ({
    page,
  }) => {
    const [first, second] = tracks as [Track, Track];
    await start(page);
    await watchEnded(page, first.url);
    await seekBeforeEnd(page, 1.5);
    await expect.poll(() => atEnded(page), { timeout: 15_000 }).not.toBeNull();
    const seen = await atEnded(page);
    // When the first track's ended fired, the second was already the active one and sounding.
    expect(seen?.src).toBe(second.url);
    expect(seen?.paused).toBe(false);
    expect(seen?.currentTime).toBeGreaterThan(0);

    await expect(page.getByTestId('player-title')).toHaveText(second.title);
    await expect(page).toHaveTitle(`${second.artists[0]} - ${second.title}`);
    await expect
      .poll(() => page.evaluate(() => navigator.mediaSession.metadata?.title))
      .toBe(second.title);
    expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe('playing');
    await bar(page).getByRole('button', { name: 'Queue', exact: true }).click();
    await expect(page.getByTestId('queue-list').locator('li[aria-current="true"]')).toContainText(
      second.title,
    );
    await page.keyboard.press('Escape');
    // Only one element plays once the first has played out.
    await expect
      .poll(() =>
        page.evaluate(
          () => [...document.querySelectorAll('audio')].filter((a) => !a.paused).length,
        ),
      )
      .toBe(1);
    await expectPlaying(page);
  });

  test('a pause in the last second cancels the scheduled start', async ({ page }) => {
    const [first] = tracks as [Track];
    await start(page);
    await seekBeforeEnd(page, 0.9);
    // Pause as soon as the seek lands, inside the hand-over window.
    await activeAudio(page).evaluate(async (el: HTMLAudioElement) => {
      if (el.seeking) await new Promise((r) => el.addEventListener('seeked', r, { once: true }));
      el.pause();
    });
    await page.waitForTimeout(1500); // longer than the window: a stale timer would have fired
    const state = await audioState(page);
    expect(state.src).toBe(first.url);
    expect(state.paused).toBe(true);
    await expect(page.getByTestId('player-title')).toHaveText(first.title);
    expect(
      await page.evaluate(
        () => [...document.querySelectorAll('audio')].filter((a) => !a.paused).length,
      ),
    ).toBe(0);
  });
});
