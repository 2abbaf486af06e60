import { lazyRouteComponent as tanstackLazyRouteComponent } from '@tanstack/react-router';

/**
 * What code-split routes use in place of TanStack's own (scripts/vite-offline-safe-routes.ts
 * swaps the import). TanStack reloads the page once when a screen's chunk fails to load, which
 * recovers from a deploy that removed old chunks; offline, that reload lands on the browser's
 * "no internet" page, a dead end. An offline failure therefore becomes an ordinary route error
 * (its message is not one TanStack reloads for), and the error page retries once the network
 * is back.
 */
export const lazyRouteComponent: typeof tanstackLazyRouteComponent = (importer, exportName) =>
  tanstackLazyRouteComponent(
    () =>
      importer().catch((error: unknown) => {
        if (navigator.onLine) throw error;
        throw new Error('offline: the page code could not be fetched', { cause: error });
      }),
    exportName,
  );
