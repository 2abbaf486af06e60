import { lazy, Suspense } from 'react';
import { loadWhenOnline } from '../../../lib/load-when-online';

const AddToPlaylistDialog = lazy(() =>
  loadWhenOnline(() =>
    import('./add-to-playlist-dialog').then((module) => ({ default: module.AddToPlaylistDialog })),
  ),
);

/**
 * The add-to-playlist dialog, loaded when first opened: a page that offers it (home, a
 * collection, the player) does not wait for the dialog's code, and its form fields, to show.
 */
export function LazyAddToPlaylistDialog({
  fileIds,
  onClose,
}: {
  fileIds: number[] | null;
  onClose: () => void;
}) {
  if (!fileIds) return null;
  return (
    <Suspense fallback={null}>
      <AddToPlaylistDialog fileIds={fileIds} onClose={onClose} />
    </Suspense>
  );
}
