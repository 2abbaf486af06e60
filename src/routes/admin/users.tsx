import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../app/guards';
import { UsersPage } from '../../features/users/components/users-page';

export const Route = createFileRoute('/admin/users')({
  beforeLoad: async (args) => {
    await requireAdmin(args);
  },
  component: UsersPage,
});
