import { createFileRoute, notFound } from '@tanstack/react-router';
import { requireSession } from '../../../app/guards';
import { ShareLinksSection } from '../../../features/share/components/share-links-section';
import { ProfilePage } from '../../../features/users/components/profile-page';

export const Route = createFileRoute('/user/$id/')({
  params: {
    parse: (raw) => {
      if (!/^[1-9]\d{0,9}$/.test(raw.id)) throw notFound();
      return { id: raw.id };
    },
  },
  beforeLoad: async (args) => {
    await requireSession(args);
  },
  component: function ProfileRoute() {
    const id = Number(Route.useParams().id);
    return (
      <ProfilePage
        key={id}
        id={id}
        renderOwnSections={(me) => <ShareLinksSection isAdmin={me.isAdmin} />}
      />
    );
  },
});
