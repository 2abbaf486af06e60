import { ChakraProvider } from '@chakra-ui/react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useState, type ReactNode } from 'react';
import { Toaster } from '../ui/toaster';
import { persistOptions, queryClient } from './query-client';
import { system } from './theme';

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
