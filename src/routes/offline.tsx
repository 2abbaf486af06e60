import { createFileRoute } from '@tanstack/react-router';
import { requireSession } from '../app/guards';
import { useSession } from '../common/session';
import { StorageView } from '../features/offline/components/storage-view';
import { usePlayerControls } from '../features/player/player-controls';
import { useQueueCollectionIds } from '../features/player/hooks/use-queue-collections';

/** /offline: music saved for offline use and the space it takes. */
export const Route = createFileRoute('/offline')({
  beforeLoad: async (args) => {
    await requireSession(args);
  },
  component: function OfflineRoute() {
    const { data: session } = useSession();
    const controls = usePlayerControls();
    const queueCollectionIds = useQueueCollectionIds();
    return (
      <StorageView
        role={session?.role ?? null}
        queueCollectionIds={queueCollectionIds}
        onPlay={(tracks) => controls.playTracks(tracks)}
      />
    );
  },
});
