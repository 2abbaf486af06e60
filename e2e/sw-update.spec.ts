import { expect, test, type Page } from './support/csp-guard';
import type { Track } from '../domain/track';
import {
  audioState,
  demoCollection,
  expectPlaying,
  seedQueue,
  signInAsAdmin,
} from './support/player-queue';
import {
  documentMarked,
  markDocument,
  pageLoads,
  updateWorker,
  watchPageLoads,
  withChangedWorker,
  workerReady,
} from './support/worker-update';

let tracks: Track[] = [];
test.beforeAll(async () => {
  tracks = (await demoCollection(2)).tracks.slice(0, 2);
});

const bar = (page: Page) => page.getByTestId('player-bar');

/** Resolves on the next full load of the page's document. */
const nextLoad = (page: Page) => page.waitForEvent('load', { timeout: 30_000 });

async function startPlaying(page: Page): Promise<void> {
  await signInAsAdmin(page);
  await seedQueue(page, tracks);
  await workerReady(page);
  await bar(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expectPlaying(page);
}

/**
 * Pages close before the built worker is put back: a reload makes the browser check the worker
 * again a moment later, and finding the old bytes would start one more update mid-assertion.
 */
const closeAll = (...pages: Page[]) => Promise.all(pages.map((page) => page.close()));

/** Audio keeps advancing by `seconds` of media time: the song goes on, the page stays. */
async function keepsPlaying(page: Page, seconds: number): Promise<void> {
  const from = (await audioState(page)).currentTime;
  await expect
    .poll(async () => (await audioState(page)).currentTime - from, { timeout: 20_000 })
    .toBeGreaterThan(seconds);
}

test.describe('service-worker updates', () => {
  // The config blocks workers; this spec is about what one does.
  test.use({ serviceWorkers: 'allow' });
  test.beforeEach(async ({ context }) => {
    await watchPageLoads(context);
  });

  test('both open tabs reload by themselves when a changed worker is found', async ({
    context,
  }) => {
    const first = await context.newPage();
    await signInAsAdmin(first);
    await workerReady(first);
    const second = await context.newPage();
    await second.goto('/');
    await workerReady(second);
    // The first install took control of the first tab with no reload and nothing to click.
    expect(await pageLoads(first)).toBe(1);
    await expect(first.getByTestId('update-banner')).toBeHidden();

    const before = [await pageLoads(first), await pageLoads(second)];
    await markDocument(first);
    await markDocument(second);
    await withChangedWorker(async () => {
      const reloads = [nextLoad(first), nextLoad(second)];
      await updateWorker(first);
      await Promise.all(reloads);

      for (const [i, page] of [first, second].entries()) {
        expect(await documentMarked(page)).toBe(false);
        expect(await pageLoads(page)).toBe((before[i] ?? 0) + 1);
        await expect(page.getByTestId('app-footer')).toBeVisible();
      }
      // The new version is the active one: nothing is left waiting.
      expect(
        await first.evaluate(
          async () => (await navigator.serviceWorker.getRegistration())?.waiting,
        ),
      ).toBeNull();
      await closeAll(first, second);
    });
  });

  test('an activation from another tab waits for the playing tab to pause', async ({ context }) => {
    const playing = await context.newPage();
    await startPlaying(playing);
    const idle = await context.newPage();
    await idle.goto('/');
    await workerReady(idle);

    const loadsBefore = await pageLoads(playing);
    await markDocument(playing);
    await markDocument(idle);
    await playing.evaluate(() => {
      navigator.serviceWorker.addEventListener('controllerchange', () => {
        (window as unknown as { __controllerChanged: boolean }).__controllerChanged = true;
      });
    });

    await withChangedWorker(async () => {
      const idleReloaded = nextLoad(idle);
      await updateWorker(idle);
      await idleReloaded;
      expect(await documentMarked(idle)).toBe(false);

      // The idle tab activated the new worker, which now controls the playing tab too...
      await playing.waitForFunction(
        () => (window as unknown as { __controllerChanged?: boolean }).__controllerChanged === true,
      );
      // ...but the song is not cut: it plays on in the same document.
      await keepsPlaying(playing, 1.5);
      expect(await documentMarked(playing)).toBe(true);
      expect(await pageLoads(playing)).toBe(loadsBefore);

      const reloaded = nextLoad(playing);
      await bar(playing).getByRole('button', { name: 'Pause', exact: true }).click();
      await reloaded;
      expect(await documentMarked(playing)).toBe(false);
      expect(await pageLoads(playing)).toBe(loadsBefore + 1);
      // The queue comes back after the reload, paused where it was.
      await expect(playing.getByTestId('player-title')).toHaveText(tracks[0]?.title ?? '');
      await closeAll(playing, idle);
    });
  });

  test('while a song plays the new version is offered and activates when accepted', async ({
    context,
  }) => {
    const page = await context.newPage();
    await startPlaying(page);
    const loadsBefore = await pageLoads(page);
    await markDocument(page);

    await withChangedWorker(async () => {
      await updateWorker(page);
      const banner = page.getByTestId('update-banner');
      await expect(banner).toBeVisible();
      await expect(banner).toContainText('A new version of Musicbox is ready.');
      // Nothing activates on its own while the song plays: the new worker keeps waiting.
      await keepsPlaying(page, 1.5);
      const waiting = await page.evaluate(
        async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null,
      );
      expect(waiting).toBe('installed');
      expect(await documentMarked(page)).toBe(true);

      const reloaded = nextLoad(page);
      await banner.getByRole('button', { name: 'Update' }).click();
      await reloaded;
      expect(await documentMarked(page)).toBe(false);
      expect(await pageLoads(page)).toBe(loadsBefore + 1);
      expect(
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting),
      ).toBeNull();
      await expect(page.getByTestId('update-banner')).toBeHidden();
      await closeAll(page);
    });
  });
});
