import { createFileRoute } from '@tanstack/react-router';
import { requireConfirmedEmail } from '../../app/guards';
import { NewRequestPage } from '../../features/requests/components/new-request-page';

export const Route = createFileRoute('/requests/new')({
  beforeLoad: async (args) => {
    await requireConfirmedEmail(args);
  },
  component: NewRequestPage,
});
