import type { Page } from '@playwright/test';

/**
 * The query keys the app has saved to IndexedDB (its offline copy), as JSON text. Tests that
 * go offline poll this instead of sleeping through the persister's throttle window.
 */
export function persistedQueryKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('musicbox-query');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('cache')) return resolve([]);
          const read = db
            .transaction('cache', 'readonly')
            .objectStore('cache')
            .get('musicbox-query-cache');
          read.onerror = () => resolve([]);
          read.onsuccess = () => {
            const saved = read.result as
              { clientState?: { queries?: Array<{ queryKey: unknown }> } } | undefined;
            resolve((saved?.clientState?.queries ?? []).map((q) => JSON.stringify(q.queryKey)));
          };
        };
      }),
  );
}
