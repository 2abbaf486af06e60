import { createFileRoute } from '@tanstack/react-router';
import { requireSession } from '../app/guards';
import { PodcastsPage } from '../features/podcasts/components/podcasts-page';

/** /podcasts: the caller's podcasts (issue 49). */
export const Route = createFileRoute('/podcasts')({
  beforeLoad: async (args) => {
    await requireSession(args);
  },
  component: PodcastsPage,
});
