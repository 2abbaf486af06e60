import { createFileRoute } from '@tanstack/react-router';
import { requireConfirmedEmail } from '../../app/guards';
import { RequestsPage } from '../../features/requests/components/requests-page';

export const Route = createFileRoute('/requests/')({
  beforeLoad: async (args) => {
    await requireConfirmedEmail(args);
  },
  component: RequestsPage,
});
