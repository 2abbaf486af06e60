import type { Page } from '@playwright/test';

/**
 * The query keys the app has saved to IndexedDB (its offline copy), as JSON text. Tests that
 * go offline poll this instead of sleeping through the persister's throttle window.
 *
 * Only a database the app has made is opened: opening one that does not exist yet creates it
 * empty (version 1, no object store), and the app's own open then finds no store to write to,
 * so nothing is ever saved (a first poll that ran before the app's open did exactly that).
 */
export function persistedQueryKeys(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name);
    if (!names.includes('musicbox-query')) return [];
    return new Promise<string[]>((resolve) => {
      const open = indexedDB.open('musicbox-query');
      // Gone since the listing: leave it for the app to create.
      open.onupgradeneeded = () => open.transaction?.abort();
      open.onerror = () => resolve([]);
      open.onsuccess = () => {
        const db = open.result;
        const done = (keys: string[]) => {
          db.close();
          resolve(keys);
        };
        if (!db.objectStoreNames.contains('cache')) return done([]);
        const read = db
          .transaction('cache', 'readonly')
          .objectStore('cache')
          .get('musicbox-query-cache');
        read.onerror = () => done([]);
        read.onsuccess = () => {
          const saved = read.result as
            { clientState?: { queries?: Array<{ queryKey: unknown }> } } | undefined;
          done((saved?.clientState?.queries ?? []).map((q) => JSON.stringify(q.queryKey)));
        };
      };
    });
  });
}
