import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../app/guards';
import { strings } from '../../lib/strings';
import { PlaceholderPage } from '../../ui/placeholder-page';

export const Route = createFileRoute('/admin/users')({
  beforeLoad: async (args) => {
    await requireAdmin(args);
  },
  component: () => <PlaceholderPage {...strings.placeholders.users} />,
});
