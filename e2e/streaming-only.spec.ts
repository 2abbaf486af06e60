import { expect, test, type Browser, type Page } from './support/csp-guard';
import { ApiSession, registerUser } from './support/api';
import { signIn } from './support/sign-in';

const COLLECTION = 'Harbour Lights';

interface Settings {
  streamingOnly: boolean;
}

/**
 * Each look starts in a fresh browser context: the query cache is persisted, so a page of the
 * same context would be drawn from the public settings it read before the switch.
 */
async function look(
  browser: Browser,
  username: string | undefined,
  password: string | undefined,
  check: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, username, password, { worker: false });
    await check(page);
  } finally {
    await context.close();
  }
}

/** Waits until the home rows are drawn, so an absent menu is not just a page still loading. */
async function homeTiles(page: Page) {
  const tiles = page.getByTestId('collection-tile');
  await expect(tiles.first()).toBeVisible();
  return tiles;
}

/**
 * The free demo collection (no price stands between a user and its downloads), reached through
 * the header search rather than page.goto: a reload just after signing in can lose the session.
 */
async function openCollection(page: Page) {
  await page.getByLabel('Search', { exact: true }).fill(COLLECTION);
  await page.getByLabel('Search', { exact: true }).press('Enter');
  const card = page.getByTestId('collection-card').filter({ hasText: COLLECTION });
  await card.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: COLLECTION })).toBeVisible();
  await expect(page.getByTestId('file-row').first()).toBeVisible();
}

async function expectDownloadsShown(page: Page) {
  const tiles = await homeTiles(page);
  await expect(tiles.first().getByTestId('tile-menu-button')).toBeVisible();
  await openCollection(page);
  await expect(page.getByLabel('Format')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download collection' })).toBeVisible();
  await expect(
    page
      .getByTestId('file-row')
      .first()
      .getByRole('button', { name: /^Download / }),
  ).toBeVisible();
}

test.describe('streaming-only mode', () => {
  test('hides the tile menu and the download controls from a non-VIP role only', async ({
    browser,
  }) => {
    const user = await registerUser('stream');
    const admin = await ApiSession.signIn();
    const before = await admin.call<Settings>('GET', '/api/settings');
    try {
      // Browse (the way to the collection) asks for a confirmed e-mail; the admin confirms it.
      await admin.call('POST', `/api/user/${user.userId}`, { emailConfirmed: true });
      // Control: with the mode off, the same Member account has the menu and the downloads.
      await admin.call('POST', '/api/settings', { streamingOnly: false });
      await look(browser, user.username, user.password, (page) => expectDownloadsShown(page));

      await admin.call('POST', '/api/settings', { streamingOnly: true });
      await look(browser, user.username, user.password, async (page) => {
        const tiles = await homeTiles(page);
        // The tiles are drawn (their play buttons are there), only the menu is missing.
        await expect(tiles.first().getByRole('button', { name: /^Play / })).toBeVisible();
        await expect(page.getByTestId('tile-menu-button')).toHaveCount(0);
        await expect(page.getByRole('button', { name: /^More actions for / })).toHaveCount(0);

        await openCollection(page);
        await expect(page.getByLabel('Format')).toHaveCount(0);
        await expect(page.getByRole('combobox')).toHaveCount(0);
        await expect(page.getByRole('button', { name: /^Download/ })).toHaveCount(0);
        // Playing is still offered: streaming-only takes away downloads, not the music.
        await expect(
          page
            .getByTestId('file-row')
            .first()
            .getByRole('button', { name: /^Play / }),
        ).toBeVisible();
      });

      // The administrator's role is VIP, which is never streaming-only.
      await look(browser, undefined, undefined, (page) => expectDownloadsShown(page));
    } finally {
      await admin.call('POST', '/api/settings', { streamingOnly: before.streamingOnly });
      await admin.dispose();
    }
  });
});
