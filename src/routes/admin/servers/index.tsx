import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../../app/guards';
import { ServersPage } from '../../../features/admin/components/servers-page';

export const Route = createFileRoute('/admin/servers/')({
  beforeLoad: async (args) => {
    await requireAdmin(args);
  },
  component: ServersPage,
});
