import { createFileRoute } from '@tanstack/react-router';
import { requireConfirmedEmail } from '../../app/guards';
import { strings } from '../../lib/strings';
import { PlaceholderPage } from '../../ui/placeholder-page';

export const Route = createFileRoute('/requests/$id')({
  beforeLoad: async (args) => {
    await requireConfirmedEmail(args);
  },
  component: function PlaceholderRoute() {
    const { id } = Route.useParams();
    const t = strings.placeholders.request;
    return <PlaceholderPage title={t.title(id)} description={t.description} />;
  },
});
