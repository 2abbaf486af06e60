import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../app/guards';
import { AdminTransactionsPage } from '../../features/store/components/admin-transactions-page';

export const Route = createFileRoute('/admin/transactions')({
  beforeLoad: async (args) => {
    await requireAdmin(args);
  },
  component: AdminTransactionsPage,
});
