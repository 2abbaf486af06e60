import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { dehydrate, onlineManager, QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { createStore, del, get, promisifyRequest, set } from 'idb-keyval';
import { ApiError } from '../lib/api-client';

/** Client errors (4xx) will not change on retry; network and server failures get one retry. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** The persisted cache lives a week (issue 5); gcTime must be at least that for hydration. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: PERSIST_MAX_AGE_MS,
        retry: shouldRetry,
        refetchOnWindowFocus: true,
        // 'online', not 'offlineFirst': the service worker does not cache /api, so an offline
        // attempt can only fail and turn a page with persisted data into an error. Offline, a
        // query keeps its persisted data and waits (paused) for the network instead.
        networkMode: 'online',
      },
      // A state-changing call must fail loudly when offline rather than wait silently.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();

// Query v5 assumes "online" until an offline event fires; a page reloaded without a network
// gets no such event, so start from what the browser reports.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

// One IndexedDB database for the query cache, apart from the player's and the outbox's.
const idbStore =
  typeof indexedDB === 'undefined' ? undefined : createStore('musicbox-query', 'cache');

const PERSIST_KEY = 'musicbox-query-cache';

/** Drops the saved copy at once (sign-out), rather than at the next throttled write. */
export async function forgetPersistedCache(): Promise<void> {
  if (idbStore) await del(PERSIST_KEY, idbStore);
}

const persister = createAsyncStoragePersister({
  storage: {
    getItem: async (key) => (idbStore ? ((await get<string>(key, idbStore)) ?? null) : null),
    setItem: async (key, value: string) => (idbStore ? set(key, value, idbStore) : undefined),
    removeItem: async (key) => (idbStore ? del(key, idbStore) : undefined),
  },
  key: PERSIST_KEY,
  throttleTime: 1000,
});

/**
 * Typed by shape: the persist client is built against its own copy of query-core, and the
 * same rule serves both it and `persistNow`.
 */
function keepQuery(query: { state: { status: string }; queryKey: readonly unknown[] }): boolean {
  return query.state.status === 'success' && query.queryKey[0] !== 'local';
}

/**
 * Home, browse results, collections, playlists and the user stay readable offline. Only
 * successful server data is kept; 'local' keys (device state) and failed queries are not.
 * A new build (buster) starts from an empty cache, since wire shapes may have changed.
 */
export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister,
  maxAge: PERSIST_MAX_AGE_MS,
  buster: typeof __BUILD_TIME__ === 'string' ? __BUILD_TIME__ : '',
  dehydrateOptions: { shouldDehydrateQuery: keepQuery },
};

/**
 * Saves the cache at once, outside the throttle. Called when the page goes away (pagehide): a
 * write still waiting for its turn would be lost with the page, so a collection opened just
 * before a reload would be missing offline. Only after the restore, or it would overwrite the
 * saved copy with a cache that has not been filled from it yet.
 */
export function persistNow(client: QueryClient): void {
  if (!idbStore) return;
  const saved = JSON.stringify({
    buster: persistOptions.buster,
    timestamp: Date.now(),
    clientState: dehydrate(client, { shouldDehydrateQuery: keepQuery }),
  });
  void idbStore('readwrite', (store) => {
    store.put(saved, PERSIST_KEY);
    // Commit without waiting for the request's round trip: the document is being unloaded.
    store.transaction.commit();
    return promisifyRequest(store.transaction);
  }).catch(() => {
    // Quota or a closed database: the throttled copy from before still stands.
  });
}
