import { createFileRoute, notFound } from '@tanstack/react-router';
import { requireConfirmedEmail } from '../../../app/guards';
import { UnlockedPage } from '../../../features/users/components/unlocked-page';

export const Route = createFileRoute('/user/$id/unlocked')({
  params: {
    parse: (raw) => {
      if (!/^[1-9]\d{0,9}$/.test(raw.id)) throw notFound();
      return { id: raw.id };
    },
  },
  beforeLoad: async (args) => {
    await requireConfirmedEmail(args);
  },
  component: function UnlockedRoute() {
    const id = Number(Route.useParams().id);
    return <UnlockedPage key={id} id={id} />;
  },
});
