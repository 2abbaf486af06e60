import { createFileRoute } from '@tanstack/react-router';
import { requireSession } from '../../app/guards';
import { strings } from '../../lib/strings';
import { PlaceholderPage } from '../../ui/placeholder-page';

export const Route = createFileRoute('/support/$id')({
  beforeLoad: async (args) => {
    await requireSession(args);
  },
  component: function PlaceholderRoute() {
    const { id } = Route.useParams();
    const t = strings.placeholders.ticket;
    return <PlaceholderPage title={t.title(id)} description={t.description} />;
  },
});
