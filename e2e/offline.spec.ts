import { expect, test } from './support/csp-guard';
import {
  activeAudio,
  audioState,
  demoCollection,
  expectPlaying,
  seedQueue,
  signInAsAdmin,
} from './support/player-queue';
import { persistedQueryKeys } from './support/persisted-cache';

test.describe('offline use', () => {
  // Saving fetches each track's gapless copy, a transcode that waits its turn for ffmpeg behind
  // the other worker's players on a loaded two-core machine: minutes, not the 60 s default.
  test.describe.configure({ timeout: 180_000 });
  // The config blocks workers; this spec is about what one does.
  test.use({ serviceWorkers: 'allow' });
  test('a reload with the network off shows home, a visited collection and the queue', async ({
    page,
    context,
  }) => {
    const { collectionId, tracks } = await demoCollection(3);
    await signInAsAdmin(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await seedQueue(page, tracks.slice(0, 3));
    await page.goto(`/audio-collection/${collectionId}`);
    const heading = page.getByRole('heading', { level: 1 }).first();
    await expect(heading).toBeVisible();
    const collectionTitle = (await heading.textContent()) ?? '';
    await expect
      .poll(() => persistedQueryKeys(page))
      .toContain(JSON.stringify(['collection', collectionId, 'detail']));
    await page.goto('/');
    await expect(page.getByRole('main')).toBeVisible();
    await expect
      .poll(() => persistedQueryKeys(page))
      .toContain(JSON.stringify(['home', 'homepage']));

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('offline-indicator')).toBeVisible();
    await expect(page.getByTestId('app-drawer')).toBeVisible();
    await expect(page.getByTestId('player-title')).toHaveText(tracks[0]?.title ?? '');
    await page
      .getByTestId('player-bar')
      .getByRole('button', { name: 'Queue', exact: true })
      .click();
    await expect(page.getByTestId('queue-list').getByRole('listitem')).toHaveCount(3);
    await page.keyboard.press('Escape');

    await page.goto(`/audio-collection/${collectionId}`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(collectionTitle);
    await context.setOffline(false);
  });

  test('a collection saved for offline plays with the network off', async ({ page, context }) => {
    const { name, tracks } = await demoCollection(2);
    await signInAsAdmin(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await seedQueue(page, tracks);
    await page.goto('/offline');
    await page.getByRole('button', { name: /save the current queue/i }).click();
    const saved = page.getByTestId('saved-items').getByRole('listitem');
    await expect(saved).toHaveCount(1, { timeout: 120_000 });
    await expect(saved).toContainText(name);
    await expect(page.getByTestId('storage-estimate')).toContainText('used of');

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('offline-indicator')).toBeVisible();
    // A cover asked for at a width nothing kept (a page's srcset picks by screen) is answered
    // by a kept copy of it, not a broken image.
    const thumb = await saved.first().locator('img').getAttribute('src');
    expect(thumb).toMatch(/^\/image\/[0-9a-f]{64}\?thumb=true$/);
    const other = await page.evaluate(
      async (path) => {
        const response = await fetch(path);
        return { ok: response.ok, type: response.headers.get('content-type') };
      },
      (thumb ?? '').replace('?thumb=true', '?size=1200'),
    );
    expect(other.ok).toBe(true);
    expect(other.type).toMatch(/^image\//);
    await page.getByRole('button', { name: `Play ${name}` }).click();
    await expectPlaying(page);
    const first = await audioState(page);
    await page.waitForTimeout(1500);
    expect((await audioState(page)).currentTime).toBeGreaterThan(first.currentTime);
    // Seeking inside a saved file is answered with a range from Cache Storage.
    await activeAudio(page).evaluate((el: HTMLAudioElement) => {
      el.currentTime = el.duration / 2;
    });
    await expectPlaying(page);

    await context.setOffline(false);
    await page.getByRole('button', { name: `Remove ${name}` }).click();
    await expect(saved).toHaveCount(0);
  });

  test('the collection page saves the collection for offline use', async ({ page }) => {
    const { collectionId, name } = await demoCollection(2);
    await signInAsAdmin(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.goto(`/collection/${collectionId}`);
    await page.getByRole('button', { name: 'Save offline' }).click();
    await expect(page.getByTestId('saved-offline')).toBeVisible({ timeout: 120_000 });

    await page.goto('/offline');
    const saved = page.getByTestId('saved-items').getByRole('listitem');
    await expect(saved.filter({ hasText: name })).toHaveCount(1);
    await page.getByRole('button', { name: `Remove ${name}` }).click();
    await expect(saved.filter({ hasText: name })).toHaveCount(0);
  });
});
