import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { isStreamingOnly } from '../../domain/access';
import type { Bookmark } from '../../domain/bookmarks';
import type { PurchaseRequest } from '../../domain/collection-page';
import { requireSession } from '../app/guards';
import { usePublicSettings, useSession } from '../common/session';
import { CollectionTileMenu } from '../features/collection/components/collection-tile-menu';
import { HomePage } from '../features/home/components/home-page';
import { continueStrings } from '../features/home/continue-listening-strings';
import { notify } from '../lib/notify';
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
  // "Continue listening" (issue 49): a track in its album's queue, an episode as its podcast
  // page plays it (loaded on the click, it is not part of home).
  const resume = (bookmark: Bookmark) => {
    const seconds = bookmark.positionMs / 1000;
    const started =
      bookmark.kind === 'file'
        ? player.playCollectionFrom(bookmark.parentId, bookmark.id, seconds)
        : import('../features/podcasts/episode-resume').then((m) =>
            m.resumeEpisode(bookmark.parentId, bookmark.id, seconds, player),
          );
    void started.then(
      (ok) => (ok ? undefined : notify(continueStrings.gone)),
      () => notify(continueStrings.gone),
    );
  };
  return (
    <>
      <HomePage
        onPlayCollection={(collectionId) => void player.playCollections([collectionId])}
        onResume={resume}
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
