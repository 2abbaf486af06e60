import { createFileRoute } from '@tanstack/react-router';
import { requireSession } from '../app/guards';
import { useEpisodeOffline } from '../features/offline/hooks/use-episode-offline';
import { PodcastPage } from '../features/podcasts/components/podcast-page';
import { usePlayerControls } from '../features/player/player-controls';

/** /podcast/{id}: one podcast's episodes, played through the player (issue 49). */
export const Route = createFileRoute('/podcast/$id')({
  beforeLoad: async (args) => {
    await requireSession(args);
  },
  component: PodcastRoute,
});

function PodcastRoute() {
  const { id } = Route.useParams();
  const player = usePlayerControls();
  const offline = useEpisodeOffline();
  return <PodcastPage id={Number(id)} player={player} offline={offline} />;
}
