import { createFileRoute, notFound } from '@tanstack/react-router';
import { useState } from 'react';
import { isStreamingOnly } from '../../domain/access';
import type { PurchaseRequest } from '../../domain/collection-page';
import { requireBrowse } from '../app/guards';
import { favouritesQuery } from '../common/annotations/favourites';
import { ratingsQuery } from '../common/annotations/ratings';
import { usePublicSettings, useSession } from '../common/session';
import { artistQuery } from '../features/artist/api/get-artist';
import { ArtistPage } from '../features/artist/components/artist-page';
import { CollectionTileMenu } from '../features/collection/components/collection-tile-menu';
import { usePlayerControls } from '../features/player/player-controls';
import { LazyAddToPlaylistDialog } from '../features/playlists/components/lazy-add-to-playlist-dialog';
import { LazyPaymentChooser } from '../features/purchase/components/lazy-payment-chooser';
import { nextTask } from '../lib/next-task';

/** /artist/{id}: the artist page, with the player and the collection tiles' menu composed in. */
export const Route = createFileRoute('/artist/$id')({
  params: {
    parse: (raw: { id: string }) => {
      if (!/^\d+$/.test(raw.id)) throw notFound();
      return { id: raw.id };
    },
  },
  beforeLoad: async (args) => {
    await requireBrowse(args);
  },
  loader: ({ context: { queryClient }, params: { id }, preload }) => {
    // Start the request early; the page shows its own loading, not-found and error states.
    void queryClient.prefetchQuery(artistQuery(Number(id)));
    // The favourite button and the ratings, not for a hover's preload.
    if (preload) return;
    void nextTask().then(() => {
      void queryClient.prefetchQuery(favouritesQuery());
      void queryClient.prefetchQuery(ratingsQuery());
    });
  },
  component: ArtistRoute,
});

function ArtistRoute() {
  const { id } = Route.useParams();
  const player = usePlayerControls();
  const { data: session } = useSession();
  const { data: settings } = usePublicSettings();
  const [addFiles, setAddFiles] = useState<number[] | null>(null);
  const [purchase, setPurchase] = useState<PurchaseRequest | null>(null);
  const streamingOnly = isStreamingOnly(session?.role, settings);
  return (
    <>
      <ArtistPage
        key={id}
        artistId={Number(id)}
        onPlayTracks={(tracks, index) => player.playTracks(tracks, index)}
        onPlayCollection={(collectionId) => void player.playCollections([collectionId])}
        renderTileMenu={
          streamingOnly
            ? undefined
            : (collection) => (
                <CollectionTileMenu
                  collection={collection}
                  onAddToPlaylist={setAddFiles}
                  onBuy={setPurchase}
                />
              )
        }
      />
      <LazyAddToPlaylistDialog fileIds={addFiles} onClose={() => setAddFiles(null)} />
      <LazyPaymentChooser request={purchase} onClose={() => setPurchase(null)} />
    </>
  );
}
