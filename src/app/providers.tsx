import { ChakraProvider } from '@chakra-ui/react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useEffect, useState, type ReactNode } from 'react';
import { Toaster } from '../ui/toaster';
import { persistNow, persistOptions, queryClient } from './query-client';
import { system } from './theme';

/**
 * The query cache is restored from IndexedDB before the router starts: route guards and
 * loaders then find the session and pages opened before, even on an offline reload. Leaving
 * the page saves the cache at once, so the last page opened is kept too.
 */
export function Providers({ children }: { children: ReactNode }) {
  const [restored, setRestored] = useState(false);
  const done = () => setRestored(true);
  useEffect(() => {
    if (!restored) return;
    const save = () => persistNow(queryClient);
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, [restored]);
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
        <Toaster />
      </PersistQueryClientProvider>
    </ChakraProvider>
  );
}
