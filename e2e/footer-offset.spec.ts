import { expect, test, type Page } from '@playwright/test';
import { demoCollection, seedQueue, signInAsAdmin } from './support/player-queue';

/** Small screens are those at or below 1023 px (spec part 1, section 9: desktop from 1024). */
const SMALL = [
  { width: 390, height: 844 },
  { width: 1023, height: 800 },
];
const WIDE = [
  { width: 1024, height: 800 },
  { width: 1440, height: 900 },
];

/**
 * The footer's offset from the bottom of the page: scrolled to the very end, the space between
 * the footer's lower edge and the bottom of the viewport. The computed bottom margin is read
 * too, so a layout that only looks right by accident (padding, a spacer) is told apart.
 */
async function footerOffset(page: Page): Promise<{ gap: number; margin: number }> {
  return page.getByTestId('app-footer').evaluate((footer) => {
    const root = document.documentElement;
    window.scrollTo({ top: root.scrollHeight, behavior: 'instant' });
    return {
      gap: Math.round(root.clientHeight - footer.getBoundingClientRect().bottom),
      margin: parseFloat(getComputedStyle(footer).marginBottom),
    };
  });
}

/** The player bar's top edge and the footer's bottom edge, in viewport pixels. */
async function edges(page: Page): Promise<{ barTop: number; footerBottom: number }> {
  const bar = await page.getByTestId('player-bar').boundingBox();
  const footer = await page.getByTestId('app-footer').boundingBox();
  if (!bar || !footer) throw new Error('player bar or footer is not laid out');
  return { barTop: Math.round(bar.y), footerBottom: Math.round(footer.y + footer.height) };
}

test.describe('the footer offset', () => {
  test('is 128 px on small screens and 64 px otherwise while a track is loaded', async ({
    page,
  }) => {
    const { tracks } = await demoCollection(1);
    await signInAsAdmin(page);
    await seedQueue(page, tracks.slice(0, 1));
    await expect(page.getByTestId('player-title')).toHaveText(tracks[0]?.title ?? '');

    for (const [sizes, offset] of [
      [SMALL, 128],
      [WIDE, 64],
    ] as const) {
      for (const size of sizes) {
        await page.setViewportSize(size);
        await expect.poll(() => footerOffset(page)).toEqual({ gap: offset, margin: offset });
        // The offset is what keeps the footer clear of the fixed player bar.
        const { barTop, footerBottom } = await edges(page);
        expect(Math.abs(barTop - footerBottom), `at ${size.width} px`).toBeLessThanOrEqual(1);
      }
    }

    // Stopping (a quick vertical swipe on the bar) unloads the track: the footer comes down.
    const bar = page.getByTestId('player-bar');
    const box = await bar.boundingBox();
    if (!box) throw new Error('player bar is not laid out');
    for (const [type, y] of [
      ['touchstart', box.y + 10],
      ['touchmove', box.y + 50],
    ] as const)
      await bar.dispatchEvent(type, {
        touches: [{ identifier: 1, clientX: box.x + 20, clientY: y }],
      });
    await expect(page.getByTestId('player-bar')).toHaveCount(0);
    await expect.poll(() => footerOffset(page)).toEqual({ gap: 8, margin: 8 });
  });

  test('is 8 px on every screen with no track loaded', async ({ page }) => {
    await signInAsAdmin(page);
    await expect(page.getByRole('main')).toBeVisible();
    for (const size of [...SMALL, ...WIDE]) {
      await page.setViewportSize(size);
      await expect.poll(() => footerOffset(page)).toEqual({ gap: 8, margin: 8 });
    }
    await expect(page.getByTestId('player-bar')).toHaveCount(0);
  });
});
