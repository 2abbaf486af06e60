import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../app/guards';
import { AdminCommentsPage } from '../../features/admin/components/admin-comments-page';

export const Route = createFileRoute('/admin/comments')({
  beforeLoad: async (args) => {
    await requireAdmin(args);
  },
  component: AdminCommentsPage,
});
