import { lazy, Suspense } from 'react';

const DevicesDialog = lazy(() => import('./devices-dialog'));

/** The player bar's Devices button (issue 50), for a signed-in user; its dialog loads on use. */
export function DevicesButton({ signedIn }: { signedIn: boolean }) {
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <DevicesDialog />
    </Suspense>
  );
}
