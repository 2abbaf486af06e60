import { ChakraProvider } from '@chakra-ui/react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { persistOptions, queryClient } from './query-client';
import { system } from './theme';

// Notices raised before it arrives wait in the toaster's store, so it need not be in the first load.
const Toaster = lazy(() => import('../ui/toaster'));

// The component recipes and Chakra's global stylesheet (built by vite-chakra-global-css) load
// beside the first page rather than in the first download; the requests start now, while the
// query cache is read from IndexedDB.
const recipesLoaded = Promise.all([
  import('./theme-recipes'),
  import('virtual:chakra-global.css'),
]).then(
  () => true,
  () => true, // a failed chunk shows unstyled components rather than nothing
);

function useRecipesLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    void recipesLoaded.then(() => live && startTransition(() => setLoaded(true)));
    return () => {
      live = false;
    };
  }, []);
  return loaded;
}

/** True once the browser is first idle after start: for what the first page does not need. */
function useIdleAfterStart(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const ready = () => startTransition(() => setIdle(true));
    // Safari has no requestIdleCallback.
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(ready, 1500);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(ready, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }, []);
  return idle;
}

/**
 * The query cache is restored from IndexedDB before the router starts: route guards and
 * loaders then find the session and pages opened before, even on an offline reload. Nothing
 * styled renders before the component recipes are registered (a component rendered without
 * its recipe would stay unstyled).
 */
export function Providers({ children }: { children: ReactNode }) {
  const [restored, setRestored] = useState(false);
  const recipesReady = useRecipesLoaded();
  // The toaster mounts when the browser is first idle: its store flushes renders synchronously,
  // and the first page has better use for the main thread. Notices raised before then wait.
  const idle = useIdleAfterStart();
  const done = () => startTransition(() => setRestored(true));
  return (
    <ChakraProvider value={system}>
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
        {restored && recipesReady ? children : null}
        {recipesReady && idle ? (
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        ) : null}
      </PersistQueryClientProvider>
    </ChakraProvider>
  );
}
