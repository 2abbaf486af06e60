import { Portal, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';
import { useEffect } from 'react';
import { attachToaster } from '../lib/notify';
import { toaster } from './toaster-store';

/** Renders the app's notifications: top right, green for success, red for errors. */
export default function Toaster() {
  // From now on notices go straight to this store, offline too (src/lib/notify.ts). Only once
  // the toast group below listens to it: its machine subscribes in a microtask its layout
  // effect queues, and a notice created before that was never shown (e2e first-hour-joining).
  useEffect(() => queueMicrotask(() => attachToaster(toaster)), []);
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-type={toast.type}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? (
                <Toast.Description>{toast.description}</Toast.Description>
              ) : null}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
