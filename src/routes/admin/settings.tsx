import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../app/guards';
import { SettingsPage } from '../../features/admin/components/settings-page';

export const Route = createFileRoute('/admin/settings')({
  beforeLoad: async (args) => {
    await requireAdmin(args);
  },
  component: SettingsPage,
});
