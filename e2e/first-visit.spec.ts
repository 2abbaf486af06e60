import { expect, test, type Page } from '@playwright/test';
import { collectionId } from './support/api';
import { signIn } from './support/sign-in';

/** Holds every request matching `pattern` until the returned function is called. */
async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const preloadedImages = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')).map(
      (link) => new URL(link.href).pathname + new URL(link.href).search,
    ),
  );

test.describe('a first visit', () => {
  test.describe('without a service worker', () => {
    test.use({ serviceWorkers: 'block' });

    test('the collection page asks for its data once, preloads its cover and keeps the cover square while it arrives', async ({
      page,
    }) => {
      const id = await collectionId('Harbour Lights');
      await signIn(page, undefined, undefined, { worker: false });
      const dataRequests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === `/api/audio_collection/${id}`)
          dataRequests.push(request.method());
      });
      const release = await holdRequests(page, '**/image/**');
      await page.goto(`/collection/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Harbour Lights' })).toBeVisible();

      const cover = page.getByRole('img', { name: 'Harbour Lights' });
      const src = await cover.getAttribute('src');
      expect(await preloadedImages(page)).toContain(src);
      await expect(cover).toHaveAttribute('fetchpriority', 'high');
      // Not arrived yet, and already as tall as it is wide: nothing below moves when it comes.
      expect(await cover.evaluate((img: HTMLImageElement) => img.complete)).toBe(false);
      const before = await cover.boundingBox();
      expect(before?.height ?? 0).toBeGreaterThan(100);
      expect(Math.abs((before?.height ?? 0) - (before?.width ?? 0))).toBeLessThan(1);

      release();
      await expect
        .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      expect(await cover.boundingBox()).toEqual(before);
      expect(dataRequests).toEqual(['GET']);
    });

    test('home asks for its data once and fetches the covers of its first three tiles at once', async ({
      browser,
      page,
    }) => {
      await signIn(page, undefined, undefined, { worker: false });
      // A first visit: signed in, but nothing cached or persisted by the sign-in page.
      const context = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        serviceWorkers: 'block',
      });
      await context.addCookies(await page.context().cookies());
      const home = await context.newPage();
      const dataRequests: string[] = [];
      home.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/homepage') dataRequests.push(request.url());
      });
      await home.goto('/');
      const firstRow = home.getByTestId('tag-row').first();
      await expect(firstRow.getByTestId('collection-tile').first()).toBeVisible();
      const images = firstRow.getByTestId('collection-tile').locator('img');
      const eager = await images.evaluateAll((all: HTMLImageElement[]) =>
        all.filter((img) => img.loading === 'eager').map((img) => img.getAttribute('src')),
      );
      expect(eager).toHaveLength(Math.min(3, await images.count()));
      expect(eager.length).toBeGreaterThan(0);
      expect((await preloadedImages(home)).sort()).toEqual([...eager].sort());
      expect(dataRequests).toHaveLength(1);
      await context.close();
    });
  });

  test('the service worker installs only once the first page has its data', async ({
    browser,
    page,
  }) => {
    await signIn(page, undefined, undefined, { worker: false });
    // A context of its own: signed in, and no worker registered by the sign-in page.
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    await context.addCookies(await page.context().cookies());
    const home = await context.newPage();
    const release = await holdRequests(home, '**/api/homepage');
    await home.goto('/');
    await expect(home.getByRole('heading', { level: 1 })).toBeVisible();
    // Loaded, but home's data is still on its way: the precache (a hundred requests) waits.
    await home.waitForTimeout(1500);
    const registered = () =>
      home.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined);
    expect(await registered()).toBe(false);
    release();
    await expect(home.getByTestId('tag-row').first()).toBeVisible();
    await home.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.close();
  });
});
