import { createRootRouteWithContext } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import { isStreamingOnly } from '../../domain/access';
import type { PurchaseRequest } from '../../domain/collection-page';
import type { RouterContext } from '../app/router-context';
import { removeBootScreen } from '../app/boot-screen';
import { acceptUpdate, setReloadGate, useUpdateAvailable } from '../app/service-worker';
import { queryKeys } from '../common/query-keys';
import { usePublicSettings, useSession } from '../common/session';
import { useSessionRevalidation } from '../app/session-expiry';
import { OfflineIndicator } from '../features/offline/components/offline-indicator';
import { UpdateBanner } from '../features/offline/components/update-banner';
import { startOutbox } from '../lib/outbox';
import { useDeferredMount } from '../ui/use-deferred-mount';
import { loadPlayerEngine, PlayerRoot } from '../features/player/components/player-root';
import { AppShell } from '../features/shell/components/app-shell';
import { NotFoundPage } from '../features/shell/components/not-found-page';
import { playerLoadedAtom } from '../features/shell/state';
import { checkoutReturn } from '../features/purchase/payment-request';
import { LazyAddToPlaylistDialog } from '../features/playlists/components/lazy-add-to-playlist-dialog';
import { LazyPaymentChooser } from '../features/purchase/components/lazy-payment-chooser';
import { loadWhenOnline } from '../lib/load-when-online';

// Back from a payment provider: the outcome notice and a few refreshes of the user. The outcome
// is read when the app starts: the router may take the marker off the address before the
// notice's chunk has arrived.
const checkoutAtStart = checkoutReturn(window.location.search);
const CheckoutReturn = lazy(() =>
  loadWhenOnline(() =>
    import('../features/purchase/components/checkout-return').then((module) => ({
      default: module.CheckoutReturn,
    })),
  ),
);

/**
 * The shell with the player composed in: the player bar and full-screen player, the offline
 * indicator and the update offer. Service-worker reloads wait until nothing is playing.
 */
function RootLayout() {
  const { data: session } = useSession();
  const { data: settings } = usePublicSettings();
  const setPlayerLoaded = useSetAtom(playerLoadedAtom);
  const updateAvailable = useUpdateAvailable();
  const client = useQueryClient();
  const [addFiles, setAddFiles] = useState<number[] | null>(null);
  const [purchase, setPurchase] = useState<PurchaseRequest | null>(null);
  useSessionRevalidation();
  // The shell and page mount in a transition, in slices, instead of in the router's
  // synchronous render; the boot screen stays until they are there.
  const mounted = useDeferredMount();
  useEffect(() => {
    if (mounted) removeBootScreen('shell');
  }, [mounted]);

  useEffect(() => {
    // The engine loads after the first paint (it is not needed to show the page).
    setReloadGate((reload) => {
      void loadPlayerEngine().then((engine) => engine.whenIdle(reload));
    });
  }, []);
  // Likes, favourites, ratings and playlist additions made offline go out when the network
  // returns; then the lists are fetched again.
  useEffect(
    () =>
      startOutbox(() => {
        void client.invalidateQueries({ queryKey: queryKeys.playlists.all });
        void client.invalidateQueries({ queryKey: queryKeys.annotations.all });
        // Comments written offline are posted now: the lists and the pending ones change.
        void client.invalidateQueries({ queryKey: queryKeys.comments.all });
      }),
    [client],
  );

  if (!mounted) return null;
  return (
    <>
      <AppShell topBanner={<OfflineIndicator />} />
      <PlayerRoot
        onLoadedChange={setPlayerLoaded}
        likedPlaylist={session?.user.likedPlaylist ?? null}
        streamingOnly={isStreamingOnly(session?.role, settings)}
        onAddToPlaylist={session ? (fileId) => setAddFiles([fileId]) : undefined}
        onBuy={setPurchase}
      />
      <LazyAddToPlaylistDialog fileIds={addFiles} onClose={() => setAddFiles(null)} />
      <LazyPaymentChooser request={purchase} onClose={() => setPurchase(null)} />
      {checkoutAtStart ? (
        <Suspense fallback={null}>
          <CheckoutReturn outcome={checkoutAtStart} />
        </Suspense>
      ) : null}
      <UpdateBanner available={updateAvailable} onUpdate={acceptUpdate} />
    </>
  );
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});
