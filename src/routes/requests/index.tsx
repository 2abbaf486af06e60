import { createFileRoute } from '@tanstack/react-router';
import { requireConfirmedEmail } from '../../app/guards';
import { strings } from '../../lib/strings';
import { PlaceholderPage } from '../../ui/placeholder-page';

export const Route = createFileRoute('/requests/')({
  beforeLoad: async (args) => {
    await requireConfirmedEmail(args);
  },
  component: () => <PlaceholderPage {...strings.placeholders.requests} />,
});
