import { createFileRoute } from '@tanstack/react-router';
import { requireBrowse } from '../app/guards';
import { PlaylistsPage } from '../features/playlists/components/playlists-page';

export const Route = createFileRoute('/playlists')({
  beforeLoad: async (args) => {
    await requireBrowse(args);
  },
  component: PlaylistsPage,
});
