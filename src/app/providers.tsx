import { ChakraProvider } from '@chakra-ui/react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { persistOptions, queryClient } from './query-client';
import { system } from './theme';

// Notices raised before it arrives wait in the toaster's store, so it need not be in the first load.
const Toaster = lazy(() => import('../ui/toaster'));

// The component recipes load beside the first page rather than in the first download; the
// request starts now, while the query cache is read from IndexedDB.
const recipesLoaded = import('./theme-recipes').then(
  () => true,
  () => true, // a failed chunk shows unstyled components rather than nothing
);

function useRecipesLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    void recipesLoaded.then(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, []);
  return loaded;
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
  const done = () => setRestored(true);
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
        {recipesReady ? (
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        ) : null}
      </PersistQueryClientProvider>
    </ChakraProvider>
  );
}
