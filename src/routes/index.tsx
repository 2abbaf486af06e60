import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { isStreamingOnly } from '../../domain/access';
import type { PurchaseRequest } from '../../domain/collection-page';
import { requireSession } from '../app/guards';
import { usePublicSettings, useSession } from '../common/session';
import { CollectionTileMenu } from '../features/collection/components/collection-tile-menu';
import { HomePage } from '../features/home/components/home-page';
import { usePlayerControls } from '../features/player/player-controls';
import { LazyAddToPlaylistDialog } from '../features/playlists/components/lazy-add-to-playlist-dialog';
import { LazyPaymentChooser } from '../features/purchase/components/lazy-payment-chooser';

export const Route = createFileRoute('/')({
  beforeLoad: async (args) => {
    await requireSession(args);
  },
  component: HomeRoute,
});

/** Home, with the tile menu (download, add to playlist) and its dialogs composed in. */
function HomeRoute() {
  const player = usePlayerControls();
  const { data: session } = useSession();
  const { data: settings } = usePublicSettings();
  const [addFiles, setAddFiles] = useState<number[] | null>(null);
  const [purchase, setPurchase] = useState<PurchaseRequest | null>(null);
  const streamingOnly = isStreamingOnly(session?.role, settings);
  return (
    <>
      <HomePage
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
