import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { nextTask } from '../lib/next-task';
import { strings } from '../lib/strings';
import { removeBootScreen } from './boot-screen';
import { createStyleCache } from './emotion-cache';
import { persistOptions, queryClient } from './query-client';
import { loadWhenOnline } from '../lib/load-when-online';
import { whenNoticeWaits } from '../lib/notify';

// Not in the first load, and mounted when the first notice is raised (lib/notify.ts keeps it
// until the Toaster listens, so an early one such as the checkout return's still shows). Its
// code is fetched once the browser is idle, so a first notice raised offline still shows.
const loadToaster = () => import('../ui/toaster');
const Toaster = lazy(() => loadWhenOnline(loadToaster));

function useNoticeRaised(ready: boolean): boolean {
  const [raised, setRaised] = useState(false);
  useEffect(() => whenNoticeWaits(() => setRaised(true)), []);
  useEffect(() => {
    if (!ready || raised) return;
    const prefetch = () => void loadToaster().catch(() => undefined);
    // Safari has no requestIdleCallback: a timeout stands in for it there.
    const idle = 'requestIdleCallback' in window;
    const handle = idle
      ? requestIdleCallback(prefetch, { timeout: TOASTER_PREFETCH_MS })
      : window.setTimeout(prefetch, TOASTER_PREFETCH_MS);
    return () => (idle ? cancelIdleCallback(handle) : window.clearTimeout(handle));
  }, [ready, raised]);
  return raised;
}

const TOASTER_PREFETCH_MS = 3000;

// Chakra's system (its tokens, and the recipes of the components the app uses) and its global
// stylesheet (built by vite-chakra-global-css) load beside the first page rather than in the
// first download: building the system is the heaviest single piece of start-up work, and this
// way it runs in a task of its own while the query cache is read from IndexedDB. A failed
// request is tried once more before the page says it could not load.
const loadSystem = () =>
  Promise.all([import('./theme-recipes'), import('virtual:chakra-global.css')]).then(
    async ([module]) => {
      // Evaluating the theme's code and building the system: two tasks, not one long one.
      await nextTask();
      return module.createSystemWithRecipes();
    },
  );
let systemLoaded: Promise<SystemContext | null> | undefined;

/** Starts loading Chakra's system once; main.tsx starts it as early as it can. */
export function startSystemLoad(): Promise<SystemContext | null> {
  systemLoaded ??= loadSystem()
    .catch(loadSystem)
    .catch(() => null);
  return systemLoaded;
}

let styleCache: EmotionCache | undefined;

function useSystem(): SystemContext | null | undefined {
  const [system, setSystem] = useState<SystemContext | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void startSystemLoad().then((loaded) => live && startTransition(() => setSystem(loaded)));
    return () => {
      live = false;
    };
  }, []);
  return system;
}

/**
 * The query cache is restored from IndexedDB before the router starts: route guards and
 * loaders then find the session and pages opened before, even on an offline reload. Nothing
 * styled renders before Chakra's system is there.
 */
export function Providers({ children }: { children: ReactNode }) {
  const [restored, setRestored] = useState(false);
  const system = useSystem();
  const noticeRaised = useNoticeRaised(Boolean(system));
  const done = () => startTransition(() => setRestored(true));
  useEffect(() => {
    if (system === null) removeBootScreen();
  }, [system]);
  if (system === null) return <p role="alert">{strings.errors.appLoad}</p>;
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={persistOptions}
      onSuccess={() => {
        // The saved copy is there to show pages at once and offline; a reload still asks the
        // server again, as it would without one (settings changed meanwhile must show).
        void queryClient.invalidateQueries({ refetchType: 'none' });
        done();
        return queryClient.resumePausedMutations();
      }}
      onError={done}
    >
      {system ? (
        <CacheProvider value={(styleCache ??= createStyleCache())}>
          <ChakraProvider value={system}>
            {restored ? children : null}
            {noticeRaised ? (
              <Suspense fallback={null}>
                <Toaster />
              </Suspense>
            ) : null}
          </ChakraProvider>
        </CacheProvider>
      ) : null}
    </PersistQueryClientProvider>
  );
}
