import { Box } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';

const DevicesDialog = lazy(() => import('./devices-dialog'));

/**
 * The player bar's Devices button (issue 50), for a signed-in user; its dialog loads on use.
 * Until its code has arrived an empty box holds the button's place: the bar's right-hand
 * buttons are aligned to the right, so a button appearing later moved Like and Add to playlist
 * from under a pointer that was about to press them (an end-to-end click landed on Devices).
 */
export function DevicesButton({ signedIn }: { signedIn: boolean }) {
  if (!signedIn) return null;
  return (
    <Suspense fallback={<Box aria-hidden w="10" h="10" flexShrink="0" />}>
      <DevicesDialog />
    </Suspense>
  );
}
