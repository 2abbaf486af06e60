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
 * The gapless deck (decision 0052) moved to a position it has not buffered yet: it builds a new
 * MediaSource whose length is unknown, so the element can seek only once the bytes of that
 * position are appended (a seek before then was dropped, and the track restarted from 0).
 */
let tracks: Track[] = [];
test.beforeAll(async () => {
  tracks = (await demoCollection(3)).tracks.slice(0, 3);
});
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('gapless', 'always'));
});

const bar = (page: Page) => page.getByTestId('player-bar');
const title = (page: Page) => page.getByTestId('player-title');

test('a seek past what is buffered lands there and plays on into the next track', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await seedQueue(page, tracks, 0);
  await bar(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expectPlaying(page);
  await expect(page.locator('audio[data-player="gapless"][src]')).toHaveCount(1);
  const target = await activeAudio(page).evaluate((el: HTMLAudioElement) => {
    el.currentTime = el.duration - 0.6;
    return el.duration - 0.6;
  });
  // Far enough into the track that the deck had not buffered it (30 s ahead at most).
  expect(target).toBeGreaterThan(31);
  await expect(title(page)).toHaveText(tracks[1]?.title ?? '', { timeout: 15_000 });
  await expectPlaying(page);
});

test('a reload restores the position, paused, and plays on from there', async ({ page }) => {
  await signInAsAdmin(page);
  await seedQueue(page, tracks, 1, 25);
  await expect(title(page)).toHaveText(tracks[1]?.title ?? '');
  await expect
    .poll(async () => (await audioState(page)).currentTime, { timeout: 15_000 })
    .toBeGreaterThan(24.5);
  expect((await audioState(page)).paused).toBe(true);
  await bar(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expect
    .poll(async () => (await audioState(page)).currentTime, { timeout: 15_000 })
    .toBeGreaterThan(25.2);
  await expect(page.locator('audio[data-player="gapless"][src]')).toHaveCount(1);
});
