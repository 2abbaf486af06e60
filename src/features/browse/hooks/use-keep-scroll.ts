import { useAtom, useAtomValue } from 'jotai';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { browseEntriesAtom, browseScrollAtom } from '../state';

/**
 * Remembers the page scroll of /browse and puts it back on return, once the results are
 * on screen. The router scrolls a new page to the top after rendering, so the restore is
 * repeated each frame (for up to two seconds) unless the user scrolls first.
 */
export function useKeepScroll(ready: boolean) {
  const [saved, setSaved] = useAtom(browseScrollAtom);
  const router = useRouter();
  const entries = useAtomValue(browseEntriesAtom);
  const restored = useRef(false);
  const initial = useRef(saved);
  // A Browse link clicked while the next page was still loading re-enters a page that never
  // unmounted: the router scrolls it to the top once that navigation renders, so the position
  // is put back after it.
  const entered = useRef(entries);

  // The position is taken when a navigation away from /browse begins: by then nothing has
  // moved yet, whereas later scroll events may already belong to the next page (redirects and
  // address rewrites scroll while this page is still on screen).
  useEffect(
    () =>
      router.subscribe('onBeforeNavigate', ({ fromLocation, toLocation }) => {
        if (fromLocation?.pathname !== '/browse' || toLocation.pathname === '/browse') return;
        if (restored.current) setSaved(window.scrollY);
      }),
    [router, setSaved],
  );

  useEffect(() => {
    if (entered.current === entries) return;
    const target = saved;
    const stop = router.subscribe('onRendered', ({ toLocation }) => {
      if (toLocation.pathname !== '/browse') return;
      stop();
      entered.current = entries;
      window.scrollTo(0, target);
    });
    return stop;
  }, [entries]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new entry restores

  useEffect(() => {
    if (!ready || restored.current) return;
    const target = initial.current;
    if (target <= 0) {
      restored.current = true;
      return;
    }
    let userMoved = false;
    const stop = () => {
      userMoved = true;
    };
    window.addEventListener('wheel', stop, { passive: true });
    window.addEventListener('touchstart', stop, { passive: true });
    window.addEventListener('keydown', stop);
    // Retry each frame until the results are tall enough to reach the saved position (they may
    // still be rendering on a slow device), for up to two seconds.
    const deadline = performance.now() + 2000;
    let frame = 0;
    const restore = () => {
      if (userMoved) return;
      window.scrollTo(0, target);
      if (Math.abs(window.scrollY - target) > 1 && performance.now() < deadline) {
        frame = requestAnimationFrame(restore);
      }
    };
    frame = requestAnimationFrame(restore);
    const done = setTimeout(() => {
      restored.current = true;
    }, 320);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(done);
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchstart', stop);
      window.removeEventListener('keydown', stop);
    };
  }, [ready]);
}
