/// <reference lib="webworker" />
import { cleanupOutdatedCaches } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { precacheShell } from './precache';
import { rangeResponse } from './range';

/** Same name as OFFLINE_AUDIO_CACHE in src/features/player/offline/offline-store.ts. */
const OFFLINE_AUDIO_CACHE = 'offline-audio';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

const precache = precacheShell(self, self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The app shell answers every navigation except server-owned paths.
registerRoute(
  new NavigationRoute(precache.createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/downloader\//, /^\/image\//, /^\/s\//, /^\/service-worker\.js$/],
  }),
);

// Covers never change for a given hash, so they are served from cache first: the covers of
// saved music from the saved cache (kept as long as the music), others from an expiring one.
// Offline, a copy asked for at a width nothing kept (a page's srcset picks by screen) is
// answered by any kept copy of that cover: another size beats a broken image.
const covers = new CacheFirst({
  cacheName: 'covers',
  plugins: [
    new ExpirationPlugin({
      maxEntries: 2000,
      maxAgeSeconds: 60 * 60 * 24 * 90,
      purgeOnQuotaError: true,
    }),
  ],
});
registerRoute(
  ({ url }) => url.pathname.startsWith('/image/'),
  async (options) => {
    const saved = await caches.open(OFFLINE_AUDIO_CACHE);
    const { pathname, search } = options.url;
    const kept = await saved.match(pathname + search, { ignoreVary: true });
    if (kept) return kept;
    try {
      return await covers.handle(options);
    } catch (error) {
      // The original first (saved music keeps it beside the thumbnail): never blurred.
      const exact = { ignoreVary: true };
      const anySize = { ignoreSearch: true, ignoreVary: true };
      const other =
        (await saved.match(pathname, exact)) ??
        (await caches.match(pathname, exact)) ??
        (await caches.match(pathname, anySize));
      if (other) return other;
      throw error;
    }
  },
);

// Tracks saved for offline are answered from Cache Storage, sliced to the asked range, so they
// play and seek with no network. A track is kept once (decision 0060): as its stream, or as its
// gapless copy, which also plays in the element deck. Anything not saved goes to the network.
registerRoute(
  ({ url }) => url.pathname.startsWith('/downloader/file/') && url.searchParams.has('playback'),
  async ({ request, url }) => {
    const cache = await caches.open(OFFLINE_AUDIO_CACHE);
    const fileId = /^\/downloader\/file\/(\d+)$/.exec(url.pathname)?.[1];
    const cached =
      (await cache.match(url.pathname + url.search, { ignoreVary: true })) ??
      (fileId ? await cache.match(`/downloader/gapless/${fileId}`, { ignoreVary: true }) : null);
    if (!cached) return fetch(request);
    return rangeResponse(request.headers.get('Range'), cached);
  },
);

// A podcast episode saved for offline (issue 49) is answered the same way, sliced to the range;
// one not saved goes to the network (the server's stream or relay).
registerRoute(
  ({ url }) => /^\/api\/podcast\/episode\/\d+\/stream$/.test(url.pathname),
  async ({ request, url }) => {
    const cache = await caches.open(OFFLINE_AUDIO_CACHE);
    const cached = await cache.match(url.pathname, { ignoreVary: true });
    if (!cached || url.searchParams.has('whole')) return fetch(request);
    return rangeResponse(request.headers.get('Range'), cached);
  },
);

// The gapless deck's stream of a saved full track, also after a seek (`again=true`, which only
// keeps the server from counting a play). Previews are never saved.
registerRoute(
  ({ url }) => url.pathname.startsWith('/downloader/gapless/') && !url.searchParams.has('preview'),
  async ({ request, url }) => {
    const cache = await caches.open(OFFLINE_AUDIO_CACHE);
    return (await cache.match(url.pathname, { ignoreVary: true })) ?? fetch(request);
  },
);

// The first visit is controlled at once, so music saved offline plays without a reload.
self.addEventListener('activate', (event: ExtendableEvent) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
