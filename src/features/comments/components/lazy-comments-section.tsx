import { lazy, Suspense } from 'react';
import { loadWhenOnline } from '../../../lib/load-when-online';

const CommentsSection = lazy(() =>
  loadWhenOnline(() =>
    import('./comments-section').then((module) => ({ default: module.CommentsSection })),
  ),
);

/** The comments, at the foot of a page: their code (form, editor, list) loads after the page's. */
export function LazyCommentsSection({ groupId }: { groupId: number }) {
  return (
    <Suspense fallback={null}>
      <CommentsSection groupId={groupId} />
    </Suspense>
  );
}
