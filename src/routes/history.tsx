import { createFileRoute } from '@tanstack/react-router';
import type { HistoryListen } from '../../domain/history';
import { tracksFromCollections } from '../../domain/playback';
import { requireBrowse } from '../app/guards';
import { getCollectionsBulk } from '../common/collections/get-collections-bulk';
import { useSession } from '../common/session';
import { HistoryPage } from '../features/history/components/history-page';
import { usePlayerControls } from '../features/player/player-controls';

/** /history: the caller's plays (issue 48), with the player composed in. */
export const Route = createFileRoute('/history')({
  beforeLoad: async (args) => {
    await requireBrowse(args);
  },
  component: HistoryRoute,
});

function HistoryRoute() {
  const player = usePlayerControls();
  const { data: session } = useSession();
  // The entry's track as its collection plays it now (full or preview, by today's role).
  const play = async (listen: HistoryListen) => {
    const collections = await getCollectionsBulk([listen.collectionId]);
    const tracks = tracksFromCollections(collections, session?.role ?? null);
    const track = tracks.find((candidate) => candidate.fileId === listen.fileId);
    if (track !== undefined) player.playTracks([track]);
  };
  return <HistoryPage onPlay={(listen) => void play(listen)} />;
}
