import { expect, test, type Page } from './support/csp-guard';
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
 * too, so a layout that only looks right by accident (padding, a spacer) is told apart. With
 * the player bar shown, `clear` is the space between the footer and the bar's top edge. All in
 * one go, since the page may still grow while its content loads.
 */
async function footerOffset(
  page: Page,
): Promise<{ gap: number; margin: number; clear: number | null }> {
  return page.getByTestId('app-footer').evaluate((footer) => {
    const root = document.documentElement;
    window.scrollTo({ top: root.scrollHeight, behavior: 'instant' });
    const bottom = footer.getBoundingClientRect().bottom;
    const bar = document.querySelector('[data-testid="player-bar"]');
    return {
      gap: Math.round(root.clientHeight - bottom),
      margin: parseFloat(getComputedStyle(footer).marginBottom),
      clear: bar ? Math.round(bar.getBoundingClientRect().top - bottom) : null,
    };
  });
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
        // The offset is what keeps the footer just above the fixed player bar.
        await expect
          .poll(() => footerOffset(page), { message: `at ${size.width} px` })
          .toEqual({ gap: offset, margin: offset, clear: 0 });
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
    await expect.poll(() => footerOffset(page)).toEqual({ gap: 8, margin: 8, clear: null });
  });

  test('is 8 px on every screen with no track loaded', async ({ page }) => {
    await signInAsAdmin(page);
    await expect(page.getByRole('main')).toBeVisible();
    for (const size of [...SMALL, ...WIDE]) {
      await page.setViewportSize(size);
      await expect.poll(() => footerOffset(page)).toEqual({ gap: 8, margin: 8, clear: null });
    }
    await expect(page.getByTestId('player-bar')).toHaveCount(0);
  });
});
