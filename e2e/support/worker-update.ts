import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';

/** The worker the e2e server answers at /service-worker.js (read from disk on every request). */
const WORKER_FILE = join(
  process.env.CLIENT_DIR || join(process.cwd(), 'dist'),
  'service-worker.js',
);
const LOADS_KEY = 'e2e-page-loads';
const COMPRESSED = ['.br', '.gz'];

/**
 * Stands in for "rebuild with a changed worker": the built worker gets different bytes (a
 * trailing comment), so the browser's update check installs it as a new version. The built
 * file is put back afterwards, whatever happens in `run`.
 */
export async function withChangedWorker<T>(run: () => Promise<T>): Promise<T> {
  const original = await readFile(WORKER_FILE);
  // The build also writes .br and .gz copies, which the server prefers; a rebuild would
  // rewrite them, so while the worker is changed they are set aside and the plain file is sent.
  const copies = await Promise.all(
    COMPRESSED.map(async (ext) => ({ ext, bytes: await readFile(WORKER_FILE + ext) })),
  );
  await Promise.all(COMPRESSED.map((ext) => rm(WORKER_FILE + ext)));
  await writeFile(
    WORKER_FILE,
    Buffer.concat([original, Buffer.from(`\n// e2e changed worker ${Date.now()}\n`)]),
  );
  try {
    return await run();
  } finally {
    await writeFile(WORKER_FILE, original);
    await Promise.all(copies.map(({ ext, bytes }) => writeFile(WORKER_FILE + ext, bytes)));
  }
}

/**
 * Counts full page loads per tab (sessionStorage lives as long as the tab and survives a
 * reload), and tells when the app's own worker registration has finished.
 */
export async function watchPageLoads(context: BrowserContext): Promise<void> {
  await context.addInitScript((key: string) => {
    sessionStorage.setItem(key, String(Number(sessionStorage.getItem(key) ?? '0') + 1));
    const container = window.navigator.serviceWorker as ServiceWorkerContainer | undefined;
    if (!container) return;
    const register = container.register.bind(container);
    container.register = (...args: Parameters<ServiceWorkerContainer['register']>) => {
      const registered = register(...args);
      // workbox-window attaches its update listeners in the microtasks that follow; a task later
      // they are surely in place.
      void registered.then(() =>
        setTimeout(() => {
          (window as unknown as { __workerRegistered: boolean }).__workerRegistered = true;
        }),
      );
      return registered;
    };
  }, LOADS_KEY);
}

export const pageLoads = (page: Page): Promise<number> =>
  page.evaluate((key) => Number(sessionStorage.getItem(key) ?? '0'), LOADS_KEY);

/** Waits until the page is controlled by the worker and the app listens for its updates. */
export async function workerReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      navigator.serviceWorker.controller !== null &&
      (window as unknown as { __workerRegistered?: boolean }).__workerRegistered === true,
  );
}

/** A property that only this document has: a reload removes it. */
export const markDocument = (page: Page): Promise<void> =>
  page.evaluate(() => {
    (window as unknown as { __beforeUpdate: boolean }).__beforeUpdate = true;
  });

export const documentMarked = (page: Page): Promise<boolean> =>
  page.evaluate(() => (window as unknown as { __beforeUpdate?: boolean }).__beforeUpdate === true);

/** What registration.update() in a tab leads to: the browser fetches /service-worker.js again. */
export const updateWorker = (page: Page): Promise<void> =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) throw new Error('no service worker registration');
    await registration.update();
  });
