import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from './support/csp-guard';
import type { Track } from '../domain/track';
import {
  activeAudio,
  audioState,
  demoCollection,
  seedQueue,
  signInAsAdmin,
} from './support/player-queue';

// A worker update reloads the page whenever the player is idle (paused), as here.
test.use({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });

let tracks: Track[] = [];
test.beforeAll(async () => {
  tracks = (await demoCollection(2)).tracks.slice(0, 2);
});

const bar = (page: Page) => page.getByTestId('player-bar');
const seekBar = (page: Page) => bar(page).getByRole('slider', { name: 'Seek' });

/** Waits until the element knows its duration, and returns it. */
const metadata = (page: Page) =>
  activeAudio(page).evaluate(async (el: HTMLAudioElement) => {
    if (!Number.isFinite(el.duration))
      await new Promise((r) => el.addEventListener('loadedmetadata', r, { once: true }));
    return el.duration;
  });

const currentTime = async (page: Page) => (await audioState(page)).currentTime;

test.describe('the desktop player bar', () => {
  test('seeks by clicking and dragging along the seek bar', async ({ page }) => {
    await signInAsAdmin(page);
    await seedQueue(page, tracks);
    const duration = await metadata(page);
    const slider = seekBar(page);
    await expect(slider).toHaveAttribute('aria-valuemax', String(Math.round(duration)));
    const box = await slider.boundingBox();
    if (!box) throw new Error('no seek bar');

    await slider.click({ position: { x: box.width * 0.25, y: box.height / 2 } });
    await expect.poll(() => currentTime(page)).toBeCloseTo(duration * 0.25, 0);
    await expect(slider).toHaveAttribute('aria-valuenow', String(Math.round(duration * 0.25)));
    expect(await audioState(page)).toMatchObject({ paused: true });

    // Drag from 10 % to 60 %: only the release seeks.
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.1, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.4, y, { steps: 4 });
    await page.mouse.move(box.x + box.width * 0.6, y, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => currentTime(page)).toBeCloseTo(duration * 0.6, 0);
  });

  test('seeks with the keyboard: arrows 5 s, Home and End, and says where it is', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await seedQueue(page, tracks);
    const duration = await metadata(page);
    const slider = seekBar(page);
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => currentTime(page)).toBeCloseTo(5, 1);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => currentTime(page)).toBeCloseTo(10, 1);
    await expect(slider).toHaveAttribute('aria-valuenow', '10');
    await expect(slider).toHaveAttribute('aria-valuetext', /^0:10 of \d+:\d\d$/);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => currentTime(page)).toBeCloseTo(5, 1);
    await page.keyboard.press('End');
    await expect.poll(() => currentTime(page)).toBeCloseTo(duration, 0);
    await page.keyboard.press('Home');
    await expect.poll(() => currentTime(page)).toBe(0);
    // The slider took the arrows: the page shortcut did not seek a second time.
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(400);
    expect(await currentTime(page)).toBeCloseTo(5, 1);
  });

  test('shows the buffered range under the seek bar', async ({ page }) => {
    await signInAsAdmin(page);
    await seedQueue(page, tracks);
    await metadata(page);
    await expect
      .poll(() =>
        bar(page)
          .getByTestId('seek-buffered')
          .evaluate((el) => el.clientWidth),
      )
      .toBeGreaterThan(0);
  });

  test('the speaker mutes and unmutes, restoring the level', async ({ page }) => {
    await signInAsAdmin(page);
    await seedQueue(page, tracks);
    const volume = bar(page).getByRole('slider', { name: 'Volume' });
    await volume.fill('0.4');
    await expect.poll(async () => (await audioState(page)).volume).toBe(0.4);

    await bar(page).getByRole('button', { name: 'Mute' }).click();
    await expect.poll(async () => (await audioState(page)).volume).toBe(0);
    await expect(volume).toHaveValue('0');
    expect(await page.evaluate(() => localStorage.getItem('volume'))).toBe('0');

    await bar(page).getByRole('button', { name: 'Unmute' }).click();
    await expect.poll(async () => (await audioState(page)).volume).toBe(0.4);
    await expect(volume).toHaveValue('0.4');
    await expect(bar(page).getByRole('button', { name: 'Mute' })).toBeVisible();
  });

  test('lays out track, transport and actions, and never shows the phone line', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await seedQueue(page, tracks);
    for (const name of ['Previous track', 'Play', 'Next track', 'Repeat: none', 'Queue', 'Mute'])
      await expect(bar(page).getByRole('button', { name, exact: true })).toBeVisible();
    await expect(page.getByTestId('progress-line')).toHaveCount(0);
    // The volume slider is short and sits right of the seek bar.
    const seek = await seekBar(page).boundingBox();
    const volume = await bar(page).getByRole('slider', { name: 'Volume' }).boundingBox();
    expect(volume && seek && volume.width < seek.width / 2).toBe(true);
    expect(volume && seek && volume.x > seek.x + seek.width).toBe(true);
  });
});

test('has no accessibility violations (names, contrast) in the desktop bar', async ({ page }) => {
  await signInAsAdmin(page);
  const [first] = tracks as [Track];
  await seedQueue(page, [{ ...first, isPreview: true, price: 799, collectionId: 1 }]);
  await expect(seekBar(page)).toBeVisible();
  const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  // Evaluated, not a <script> tag: the page's CSP refuses inline scripts (decision 0043).
  await page.evaluate(readFileSync(axePath, 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run('[data-testid="player-bar"]');
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
  });
  expect(violations).toEqual([]);
});

test.describe('the phone player bar', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('has a progress line along its top edge and a Preview chip for previews', async ({
    page,
  }) => {
    const [first] = tracks as [Track];
    await signInAsAdmin(page);
    await seedQueue(page, [{ ...first, isPreview: true, price: null }]);
    await expect(bar(page).getByTestId('player-preview')).toHaveText('Preview');
    await expect(seekBar(page)).toHaveCount(0);
    const line = page.getByTestId('progress-line');
    const [lineBox, barBox] = await Promise.all([line.boundingBox(), bar(page).boundingBox()]);
    expect(lineBox && barBox && Math.abs(lineBox.y - barBox.y) <= 1).toBe(true);

    const duration = await metadata(page);
    await activeAudio(page).evaluate(
      (el: HTMLAudioElement, at) => (el.currentTime = at),
      duration / 2,
    );
    await expect
      .poll(() => line.locator('div').evaluate((el) => el.clientWidth))
      .toBeGreaterThan((lineBox?.width ?? 0) * 0.4);
  });

  test('shows no Preview chip for a full track', async ({ page }) => {
    await signInAsAdmin(page);
    await seedQueue(page, tracks);
    await expect(page.getByTestId('player-title')).toBeVisible();
    await expect(bar(page).getByTestId('player-preview')).toHaveCount(0);
  });
});
