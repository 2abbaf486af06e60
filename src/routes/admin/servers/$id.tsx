import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../../app/guards';
import { strings } from '../../../lib/strings';
import { PlaceholderPage } from '../../../ui/placeholder-page';

export const Route = createFileRoute('/admin/servers/$id')({
  beforeLoad: async (args) => {
    await requireAdmin(args);
  },
  component: function PlaceholderRoute() {
    const { id } = Route.useParams();
    const t = strings.placeholders.server;
    return <PlaceholderPage title={t.title(id)} description={t.description} />;
  },
});
