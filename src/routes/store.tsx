import { createFileRoute } from '@tanstack/react-router';
import { requireSession } from '../app/guards';
import { strings } from '../lib/strings';
import { PlaceholderPage } from '../ui/placeholder-page';

export const Route = createFileRoute('/store')({
  beforeLoad: async (args) => {
    await requireSession(args);
  },
  component: () => <PlaceholderPage {...strings.placeholders.store} />,
});
