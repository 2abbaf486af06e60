import { createFileRoute } from '@tanstack/react-router';
import { SharedYearPage } from '../features/history/components/shared-year-page';

/** /year-share/{token}: a shared year in review, public (the token is the right to see). */
export const Route = createFileRoute('/year-share/$token')({
  component: SharedYearRoute,
});

function SharedYearRoute() {
  const { token } = Route.useParams();
  return <SharedYearPage token={token} />;
}
