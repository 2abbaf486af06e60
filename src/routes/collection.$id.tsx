import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import type { PurchaseRequest } from '../../domain/collection-page';
import { collectionIdParams } from '../app/collection-route';
import { requireBrowse } from '../app/guards';
import { useSession } from '../common/session';
import { collectionQuery } from '../common/collections/get-collection';
import { unlockedQuery } from '../common/collections/get-unlocked';
import { favouritesQuery } from '../common/annotations/favourites';
import { ratingsQuery } from '../common/annotations/ratings';
import { likedIdsQuery, useLikedIds } from '../common/likes/liked-ids';
import { useToggleLike } from '../common/likes/use-toggle-like';
import { recommendationsQuery } from '../features/collection/api/get-recommendations';
import { CollectionPage } from '../features/collection/components/collection-page';
import { LazyCommentsSection } from '../features/comments/components/lazy-comments-section';
import { savedItemsQuery, useSaveOffline } from '../features/offline/hooks/use-offline-items';
import { usePlayerControls } from '../features/player/player-controls';
import { LazyAddToPlaylistDialog } from '../features/playlists/components/lazy-add-to-playlist-dialog';
import { LazyPaymentChooser } from '../features/purchase/components/lazy-payment-chooser';
import { ShareButton } from '../features/share/components/share-button';
import { nextTask } from '../lib/next-task';

/**
 * /collection/{id}-{slug}; the id is the part before the first hyphen. The page composes the
 * player, likes, playlists, comments, saving for offline and the payment chooser around the
 * collection feature.
 */
export const Route = createFileRoute('/collection/$id')({
  params: collectionIdParams,
  beforeLoad: async (args) => {
    await requireBrowse(args);
  },
  loader: ({ context: { queryClient }, params: { collectionId }, preload }) => {
    // Start the request early; the page shows its own loading and error states.
    void queryClient.prefetchQuery(collectionQuery(collectionId));
    // Hovering a link preloads the collection alone, not three more reads per tile passed over.
    if (preload) return;
    // The page's other reads start a task later (this one loads the route's code) and before
    // the page mounts. A query that a mounting component finds under way keeps its state when
    // subscribed to; one that starts then changes it, and React re-rendered the whole page
    // synchronously inside the mount's effects (issue 9: total blocking time).
    void nextTask().then(() => {
      void queryClient.prefetchQuery(unlockedQuery(collectionId));
      void queryClient.prefetchQuery(recommendationsQuery(collectionId));
      void queryClient.prefetchQuery(likedIdsQuery());
      void queryClient.prefetchQuery(favouritesQuery());
      void queryClient.prefetchQuery(ratingsQuery());
      void queryClient.prefetchQuery(savedItemsQuery());
    });
  },
  component: CollectionRoute,
});

function CollectionRoute() {
  const { collectionId } = Route.useParams();
  const player = usePlayerControls();
  const likedIds = useLikedIds();
  const toggleLike = useToggleLike();
  const [addFiles, setAddFiles] = useState<number[] | null>(null);
  const [purchase, setPurchase] = useState<PurchaseRequest | null>(null);
  const { data: session } = useSession();
  const saveOffline = useSaveOffline('collection', collectionId, session?.role ?? null);
  return (
    <>
      <CollectionPage
        key={collectionId}
        collectionId={collectionId}
        onPlayTracks={(tracks, index) => player.playTracks(tracks, index)}
        onPause={player.pause}
        onResume={player.resume}
        onAddToPlaylist={setAddFiles}
        likedIds={likedIds}
        onToggleLike={(fileId, liked) => toggleLike.mutate({ fileId, liked })}
        onBuy={setPurchase}
        renderComments={(groupId) => <LazyCommentsSection groupId={groupId} />}
        onSaveOffline={saveOffline.onSave}
        saveOfflineStatus={saveOffline.status}
        shareAction={<ShareButton target={{ collectionId }} />}
      />
      <LazyAddToPlaylistDialog fileIds={addFiles} onClose={() => setAddFiles(null)} />
      <LazyPaymentChooser request={purchase} onClose={() => setPurchase(null)} />
    </>
  );
}
