import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../../app/guards';
import { ServerPage } from '../../../features/admin/components/server-page';

export const Route = createFileRoute('/admin/servers/$id')({
  beforeLoad: async (args) => {
    await requireAdmin(args);
  },
  component: function ServerRoute() {
    const { id } = Route.useParams();
    return <ServerPage key={id} serverId={Number(id)} />;
  },
});
