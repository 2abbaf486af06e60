import { ChakraProvider } from '@chakra-ui/react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { persistOptions, queryClient } from './query-client';
import { system } from './theme';

// Notices raised before it arrives wait in the toaster's store, so it need not be in the first load.
const Toaster = lazy(() => import('../ui/toaster'));

/**
 * The query cache is restored from IndexedDB before the router starts: route guards and
 * loaders then find the session and pages opened before, even on an offline reload.
 */
export function Providers({ children }: { children: ReactNode }) {
  const [restored, setRestored] = useState(false);
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
        {restored ? children : null}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </PersistQueryClientProvider>
    </ChakraProvider>
  );
}
