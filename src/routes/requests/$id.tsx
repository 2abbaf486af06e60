import { createFileRoute, notFound } from '@tanstack/react-router';
import { requireConfirmedEmail } from '../../app/guards';
import { LazyCommentsSection } from '../../features/comments/components/lazy-comments-section';
import { requestQuery } from '../../features/requests/api/get-request';
import { RequestDetailPage } from '../../features/requests/components/request-detail-page';

/** /requests/{id}: the request feature with the comments of its comment group below. */
export const Route = createFileRoute('/requests/$id')({
  params: {
    parse: (raw) => {
      const requestId = Number(raw.id);
      if (!Number.isSafeInteger(requestId) || requestId <= 0) throw notFound();
      return { id: raw.id, requestId };
    },
    stringify: ({ id }) => ({ id }),
  },
  beforeLoad: async (args) => {
    await requireConfirmedEmail(args);
  },
  loader: ({ context, params }) => {
    // Start early; the page shows its own loading and error states.
    void context.queryClient.prefetchQuery(requestQuery(params.requestId));
  },
  component: RequestRoute,
});

function RequestRoute() {
  const { requestId } = Route.useParams();
  return (
    <RequestDetailPage
      key={requestId}
      requestId={requestId}
      renderComments={(groupId) => <LazyCommentsSection groupId={groupId} />}
    />
  );
}
