import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';

/** The mark on the history entry the full-screen player adds (same address, own state). */
const MARK = 'musicboxFullPlayer';

const isMarked = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as Record<string, unknown>)[MARK] === true;

/**
 * A full-screen view on a phone feels like a page, so the system Back button must close it
 * rather than leave the page under it. While `open`, a history entry with the same address is
 * pushed (through the router, so its own index and scroll bookkeeping stay right); going back
 * past it, by Back or any other navigation, calls `onClose`. The returned function is for the
 * view's own close button: it goes back when the entry is on top, so no stale entry is left.
 */
export function useHistoryEntry(open: boolean, onClose: () => void): () => void {
  const router = useRouter();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    if (!isMarked(router.history.location.state))
      void router.navigate({
        to: '.',
        search: true,
        hash: true,
        resetScroll: false,
        state: (previous) => ({ ...previous, [MARK]: true }),
      });
    return router.history.subscribe(({ location }) => {
      if (!isMarked(location.state)) closeRef.current();
    });
  }, [open, router]);

  return useCallback(() => {
    if (isMarked(router.history.location.state)) router.history.back();
    else closeRef.current();
  }, [router]);
}
