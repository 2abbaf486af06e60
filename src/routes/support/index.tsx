import { createFileRoute } from '@tanstack/react-router';
import { requireSession } from '../../app/guards';
import { SupportPage } from '../../features/support/components/support-page';

export const Route = createFileRoute('/support/')({
  beforeLoad: async (args) => {
    await requireSession(args);
  },
  component: SupportPage,
});
