/// <reference lib="webworker" />
import { PrecacheController, PrecacheRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';

type ManifestEntry = string | { url: string; revision: string | null; integrity?: string };

/** How many shell files are fetched at once while installing. */
const CONCURRENCY = 6;

/**
 * The app shell, precached at install like workbox's precacheAndRoute, but several files at a
 * time: workbox fetches its list one by one, which made a first visit offline-ready some 10-20 s
 * after the worker registered on a busy phone (issue 30). The files the page already loaded
 * come from the HTTP cache (hashed, immutable), so the install is mostly those it did not need.
 */
export function precacheShell(
  self: ServiceWorkerGlobalScope,
  manifest: ManifestEntry[],
): PrecacheController {
  const controller = new PrecacheController();
  controller.addToCacheList(manifest);
  const integrities = new Map(
    manifest.flatMap((entry) =>
      typeof entry === 'object' && entry.integrity ? [[entry.url, entry.integrity]] : [],
    ),
  );

  self.addEventListener('install', (event: ExtendableEvent) => {
    const pending = [...controller.getURLsToCacheKeys()];
    const worker = async () => {
      for (let next = pending.shift(); next; next = pending.shift()) {
        const [url, cacheKey] = next;
        const request = new Request(url, {
          credentials: 'same-origin',
          ...(integrities.has(url) ? { integrity: integrities.get(url) } : {}),
        });
        await Promise.all(controller.strategy.handleAll({ params: { cacheKey }, request, event }));
      }
    };
    event.waitUntil(Promise.all(Array.from({ length: CONCURRENCY }, worker)));
  });
  // Removes entries of earlier versions that this one no longer lists.
  self.addEventListener('activate', (event: ExtendableEvent) => {
    event.waitUntil(controller.activate(event));
  });
  registerRoute(new PrecacheRoute(controller));
  return controller;
}
