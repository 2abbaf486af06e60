import { onlineManager, QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { createStore } from 'idb-keyval';
import { ApiError } from '../lib/api-client';
import { createIdbPersister } from './query-persister';

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

const persister = createIdbPersister(idbStore, PERSIST_KEY, 1000);

/** Drops the saved copy at once (sign-out), with any write still waiting. */
export function forgetPersistedCache(): Promise<void> {
  return persister.removeClient();
}

/** Saves what is in memory now: the page is going away or to the background. */
if (typeof window !== 'undefined') {
  const flush = () => void persister.flush();
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
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
  dehydrateOptions: {
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' && query.queryKey[0] !== 'local',
  },
};
