import { expect, request, test, type Browser, type Page } from './support/csp-guard';
import { ADMIN_PASSWORD, ADMIN_USER } from './support/global-setup';
import { collectionId, uniqueName } from './support/api';
import { demoCollection, expectPlaying, seedQueue, signInAsAdmin } from './support/player-queue';

// The config blocks workers; offline use is what one is for.
test.use({ serviceWorkers: 'allow' });

/** A signed-in browser context that has never seen the app (no worker, no caches). */
async function firstVisitContext(browser: Browser, viewport: { width: number; height: number }) {
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await api.get('/api/settings/public');
  const xsrf = (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  const login = await api.post('/api/login', {
    data: { username: ADMIN_USER, password: ADMIN_PASSWORD },
    headers: { 'x-xsrf-token': xsrf ?? '' },
  });
  expect(login.ok()).toBe(true);
  const storageState = await api.storageState();
  await api.dispose();
  return browser.newContext({ storageState, viewport, hasTouch: viewport.width < 500 });
}

/**
 * Waits until the service worker is active (its precache is complete once it activates) and
 * reads the app's "page settled" mark (src/app/page-settled.ts): whether the worker's start
 * waited for a settled page, or for the fallback deadline that once held every first visit
 * back by 20 s. How soon it is ready is a figure for the benchmark, not a test assertion.
 */
const offlineReady = (page: Page) =>
  page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    const mark = performance.getEntriesByName('musicbox:page-settled')[0] as
      PerformanceMark | undefined;
    return {
      settled: mark !== undefined,
      byDeadline: (mark?.detail as { byDeadline?: boolean } | null)?.byDeadline ?? null,
    };
  });

for (const viewport of [
  { width: 412, height: 915 },
  { width: 1440, height: 900 },
]) {
  test.describe(`offline at ${viewport.width}x${viewport.height}`, () => {
    test('a first visit is offline-ready once the page settles, not at the fallback deadline', async ({
      browser,
    }) => {
      const context = await firstVisitContext(browser, viewport);
      try {
        const page = await context.newPage();
        await page.goto('/');
        await expect(page.getByRole('main')).toBeVisible();
        const { settled, byDeadline } = await offlineReady(page);
        expect(settled).toBe(true);
        // The worker started because the first page settled, not because the fallback fired.
        expect(byDeadline).toBe(false);
        await context.setOffline(true);
        await page.reload();
        await expect(page.getByTestId('offline-indicator')).toBeVisible();
        await expect(page.getByRole('main')).toBeVisible();
      } finally {
        await context.close();
      }
    });
  });
}

test.describe('offline comments (412x915, touch)', () => {
  test.use({ viewport: { width: 412, height: 915 }, hasTouch: true });

  test('a comment written offline is shown as pending and posted on reconnect', async ({
    page,
    context,
  }) => {
    const id = await collectionId('Tidal');
    await signInAsAdmin(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.goto(`/collection/${id}`);
    const section = page.getByRole('region', { name: 'Comments' });
    await expect(section.getByRole('textbox', { name: 'Comment' })).toBeVisible();
    const body = uniqueName('Offline words ');

    await context.setOffline(true);
    await section.getByRole('textbox', { name: 'Comment' }).fill(body);
    await section.getByRole('button', { name: 'Post' }).click();
    const pending = page.getByTestId('pending-comments');
    await expect(pending).toContainText(body);
    await expect(pending).toContainText('it will be posted when you are back online');
    // The form is free again for the next comment.
    await expect(section.getByRole('textbox', { name: 'Comment' })).toHaveValue('');

    await context.setOffline(false);
    await expect(pending).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByTestId('comment-list')).toContainText(body);
    await page.reload();
    await expect(page.getByTestId('comment-list')).toContainText(body);
  });
});

test.describe('offline covers (1440x900)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  // Saving fetches each track's gapless copy, a transcode that waits its turn for ffmpeg behind
  // the other worker's players on a loaded two-core machine: minutes, not the 60 s default.
  test.describe.configure({ timeout: 180_000 });

  test('a saved track plays offline with its cover in the player, not a broken image', async ({
    page,
    context,
  }) => {
    const { name, tracks } = await demoCollection(2);
    const withCover = tracks.filter((track) => track.imageHash);
    expect(withCover.length).toBeGreaterThan(0);
    await signInAsAdmin(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    // Nothing of the covers may come from an earlier visit: only the save may store them.
    await page.evaluate(async () => {
      for (const key of await caches.keys()) if (key === 'covers') await caches.delete(key);
    });
    await seedQueue(page, withCover.slice(0, 2));
    await page.goto('/offline');
    await page.getByRole('button', { name: /save the current queue/i }).click();
    const saved = page.getByTestId('saved-items').getByRole('listitem');
    await expect(saved.filter({ hasText: name })).toHaveCount(1, { timeout: 120_000 });
    await page.evaluate(async () => {
      for (const key of await caches.keys()) if (key === 'covers') await caches.delete(key);
    });

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('offline-indicator')).toBeVisible();
    await page.getByRole('button', { name: `Play ${name}` }).click();
    await expectPlaying(page);
    const cover = page.getByTestId('player-bar').locator('img').first();
    await expect(cover).toHaveAttribute('src', /\/image\//);
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    await context.setOffline(false);
    await page.getByRole('button', { name: `Remove ${name}` }).click();
    await expect(saved.filter({ hasText: name })).toHaveCount(0);
  });
});
