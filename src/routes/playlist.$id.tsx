import { createFileRoute } from '@tanstack/react-router';
import { requireBrowse } from '../app/guards';
import { strings } from '../lib/strings';
import { PlaceholderPage } from '../ui/placeholder-page';

export const Route = createFileRoute('/playlist/$id')({
  beforeLoad: async (args) => {
    await requireBrowse(args);
  },
  component: function PlaceholderRoute() {
    const { id } = Route.useParams();
    const t = strings.placeholders.playlist;
    return <PlaceholderPage title={t.title(id)} description={t.description} />;
  },
});
