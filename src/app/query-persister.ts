import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { del, get, promisifyRequest, type UseStore } from 'idb-keyval';

export interface FlushablePersister extends Persister {
  removeClient: () => Promise<void>;
  /** Writes the latest state now instead of at the end of the throttle window. */
  flush: () => Promise<void>;
}

/**
 * Saves the query cache to IndexedDB at most once per `throttleMs`, always the latest state,
 * and can be flushed when the page goes away: a full navigation or a closed tab inside the
 * throttle window would otherwise lose what the last screen fetched (and a fresh sign-in).
 * The state is stored as an object (structured clone), not serialised to JSON text.
 */
export function createIdbPersister(
  store: UseStore | undefined,
  key: string,
  throttleMs: number,
): FlushablePersister {
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const write = async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const client = pending;
    pending = null;
    if (!client || !store) return;
    await store('readwrite', (objects) => {
      objects.put(client, key);
      // Commit at once: on pagehide the document may be gone before an idle commit.
      objects.transaction.commit();
      return promisifyRequest(objects.transaction);
    }).catch(() => {
      // Quota or a closed database: the copy saved before still stands.
    });
  };

  return {
    persistClient(client) {
      pending = client;
      timer ??= setTimeout(() => void write(), throttleMs);
    },
    restoreClient: async () => (store ? get<PersistedClient>(key, store) : undefined),
    async removeClient() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
      if (store) await del(key, store);
    },
    flush: write,
  };
}
