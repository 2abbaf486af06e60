import { expect, test, type Page } from './support/csp-guard';
import { ApiSession } from './support/api';
import { seriousViolations } from './support/axe';
import { demoCollection, seedQueue, signInAsAdmin } from './support/player-queue';

// Streams are not needed to check colours and names; the worker would only slow the pages.
test.use({ serviceWorkers: 'block' });

const THEMES = ['dark', 'light'] as const;

async function useTheme(page: Page, theme: (typeof THEMES)[number]) {
  // The saved choice the app reads on start (src/ui/color-mode.ts); per page, not a setting.
  await page.addInitScript(
    (dark) => localStorage.setItem('darkTheme', dark),
    String(theme === 'dark'),
  );
}

async function expectClean(page: Page, include?: string) {
  // Let transitions (fades of buttons and overlays) finish: axe reads the computed colours.
  await page.waitForTimeout(400);
  expect(await seriousViolations(page, include)).toEqual([]);
}

let collection = 0;
let playlistId = 0;
test.beforeAll(async () => {
  collection = (await demoCollection(2)).collectionId;
  const api = await ApiSession.signIn();
  try {
    const lists = await api.call<Array<{ playlistId: number }>>('GET', '/api/playlist');
    playlistId = lists[0]?.playlistId ?? 0;
  } finally {
    await api.dispose();
  }
});

for (const theme of THEMES) {
  test.describe(`${theme} theme: no serious or critical axe violations`, () => {
    test.beforeEach(async ({ page }) => {
      await useTheme(page, theme);
      await signInAsAdmin(page);
      await expect(page.locator('html')).toHaveClass(new RegExp(theme));
    });

    test('home', async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectClean(page);
    });

    test('browse', async ({ page }) => {
      await page.goto('/browse');
      await expect(page.getByTestId('result-count')).toBeVisible();
      await expectClean(page);
    });

    test('a collection', async ({ page }) => {
      await page.goto(`/audio-collection/${collection}`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectClean(page);
    });

    test('playlists and a playlist', async ({ page }) => {
      await page.goto('/playlists');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectClean(page);
      if (playlistId) {
        await page.goto(`/playlist/${playlistId}`);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expectClean(page);
      }
    });

    test('favourites', async ({ page }) => {
      // An album among the favourites, so a tile is checked too (PUT again changes nothing).
      const api = await ApiSession.signIn();
      try {
        await api.call('PUT', '/api/favourite', { collectionId: collection });
      } finally {
        await api.dispose();
      }
      await page.goto('/favourites');
      await expect(
        page.getByTestId('favourite-albums').getByTestId('collection-tile'),
      ).not.toHaveCount(0);
      await expectClean(page);
    });

    test('the player bar and the full-screen player', async ({ page }) => {
      const { tracks } = await demoCollection(2);
      await seedQueue(page, tracks.slice(0, 2));
      await expectClean(page, '[data-testid="player-bar"]');
      // The compact bar of phones, which is also where the full-screen player opens from.
      await page.setViewportSize({ width: 390, height: 844 });
      await expectClean(page, '[data-testid="player-bar"]');
      await page
        .getByTestId('player-bar')
        .getByRole('button', { name: 'Open full-screen player' })
        .click();
      await expect(page.getByTestId('full-screen-player')).toBeVisible();
      await expectClean(page, '[data-testid="full-screen-player"]');
    });
  });
}
