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

// A worker update reloads the page whenever the player is idle (paused), as here.
test.use({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });

let tracks: Track[] = [];
test.beforeAll(async () => {
  tracks = (await demoCollection(3)).tracks.slice(0, 3);
});

const title = (page: Page) => page.getByTestId('player-title');
const currentTime = async (page: Page) => (await audioState(page)).currentTime;
const paused = async (page: Page) => (await audioState(page)).paused;

/** Signs in with the queue loaded (paused, at 0), the element ready, nothing focused. */
async function ready(page: Page, index = 0) {
  await signInAsAdmin(page);
  await seedQueue(page, tracks, index);
  await activeAudio(page).evaluate(async (el: HTMLAudioElement) => {
    if (!Number.isFinite(el.duration))
      await new Promise((r) => el.addEventListener('loadedmetadata', r, { once: true }));
  });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

test.describe('player keyboard shortcuts', () => {
  test('space plays and pauses; on a focused button it acts once, as the button', async ({
    page,
  }) => {
    await ready(page);
    await page.keyboard.press(' ');
    await expectPlaying(page);
    await page.keyboard.press(' ');
    await expect.poll(() => paused(page)).toBe(true);

    // The Play button keeps its own space: one toggle, not two.
    await page.getByTestId('player-bar').getByRole('button', { name: 'Play', exact: true }).focus();
    await page.keyboard.press(' ');
    await expectPlaying(page);
  });

  test('left and right seek 5 s; with shift they change the track', async ({ page }) => {
    await ready(page, 1);
    const [first, second, third] = tracks as [Track, Track, Track];
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => currentTime(page)).toBeCloseTo(5, 1);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => currentTime(page)).toBeCloseTo(10, 1);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => currentTime(page)).toBeCloseTo(5, 1);

    await expect(title(page)).toHaveText(second.title);
    await page.keyboard.press('Shift+ArrowRight');
    await expect(title(page)).toHaveText(third.title);
    await page.keyboard.press('Shift+ArrowLeft');
    await expect(title(page)).toHaveText(second.title);
    await page.keyboard.press('Shift+ArrowLeft');
    await expect(title(page)).toHaveText(first.title);
  });

  test('M mutes and brings the level back', async ({ page }) => {
    await ready(page);
    await page.getByTestId('player-bar').getByRole('slider', { name: 'Volume' }).fill('0.7');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('m');
    await expect.poll(async () => (await audioState(page)).volume).toBe(0);
    await page.keyboard.press('M');
    await expect.poll(async () => (await audioState(page)).volume).toBe(0.7);
  });

  test('/ focuses the header search and ? lists the shortcuts', async ({ page }) => {
    await ready(page);
    const search = page.getByRole('textbox', { name: 'Search' });
    await page.keyboard.press('/');
    await expect(search).toBeFocused();
    await expect(search).toHaveValue('');

    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    for (const row of ['Play or pause', 'Forward 5 seconds', 'Next track', 'Mute or unmute'])
      await expect(dialog.getByText(row, { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test('do nothing while typing in the search box, or with ctrl held', async ({ page }) => {
    await ready(page);
    const search = page.getByRole('textbox', { name: 'Search' });
    await search.click();
    await page.keyboard.type('m /? x');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await expect(search).toHaveValue('m /? x');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Control+ArrowRight');
    await page.keyboard.press('Alt+m');
    await page.waitForTimeout(400);
    expect(await audioState(page)).toMatchObject({ paused: true, currentTime: 0, volume: 1 });
    await expect(title(page)).toHaveText(tracks[0]?.title ?? '');
  });
});
