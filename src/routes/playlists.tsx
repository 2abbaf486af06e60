import { createFileRoute } from '@tanstack/react-router';
import { requireBrowse } from '../app/guards';
import { strings } from '../lib/strings';
import { PlaceholderPage } from '../ui/placeholder-page';

export const Route = createFileRoute('/playlists')({
  beforeLoad: async (args) => {
    await requireBrowse(args);
  },
  component: () => <PlaceholderPage {...strings.placeholders.playlists} />,
});
