import { createFileRoute } from '@tanstack/react-router';
import { PartyPage } from '../features/party/components/party-page';

/** /party/{token}: a listening party (issue 50); signed-out guests where the host allows them. */
export const Route = createFileRoute('/party/$token')({
  component: PartyRoute,
});

function PartyRoute() {
  const { token } = Route.useParams();
  return <PartyPage token={token} />;
}
