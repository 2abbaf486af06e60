import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../app/guards';
import { RolesPage } from '../../features/admin/components/roles-page';

export const Route = createFileRoute('/admin/roles')({
  beforeLoad: async (args) => {
    await requireAdmin(args);
  },
  component: RolesPage,
});
