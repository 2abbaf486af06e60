import { createFileRoute } from '@tanstack/react-router';
import { requireSession } from '../app/guards';
import { HomePage } from '../features/home/components/home-page';

export const Route = createFileRoute('/')({
  beforeLoad: async (args) => {
    await requireSession(args);
  },
  component: HomePage,
});
