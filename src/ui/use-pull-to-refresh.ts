import { useEffect, useRef, useState } from 'react';
import { PULL_ANIMATION_MS, pullDistance, pullStateFor, type PullState } from './pull-to-refresh';

/**
 * Touch pull-to-refresh on the page: only starts when the page is scrolled to the top, so
 * normal scrolling is untouched. Mouse and pen never trigger it (touch screens only).
 */
export function usePullToRefresh(onRefresh: () => Promise<unknown>, enabled = true) {
  const [distance, setDistance] = useState(0);
  const [state, setState] = useState<PullState>('idle');
  const refresh = useRef(onRefresh);
  useEffect(() => {
    refresh.current = onRefresh;
  }, [onRefresh]);

  useEffect(() => {
    if (!enabled) return;
    let startY: number | null = null;
    let current = 0;
    let busy = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const onStart = (event: TouchEvent) => {
      if (busy || window.scrollY > 0 || event.touches.length !== 1) return;
      startY = event.touches[0]?.clientY ?? null;
    };
    const onMove = (event: TouchEvent) => {
      if (startY === null) return;
      const y = event.touches[0]?.clientY ?? startY;
      current = pullDistance(y - startY);
      setDistance(current);
      setState(pullStateFor(current));
    };
    const settle = () => {
      setDistance(0);
      // The indicator slides back for 300 ms before it disappears.
      timer = setTimeout(() => setState('idle'), PULL_ANIMATION_MS);
    };
    const onEnd = () => {
      if (startY === null) return;
      startY = null;
      if (pullStateFor(current) !== 'pulled') {
        current = 0;
        settle();
        return;
      }
      busy = true;
      current = 0;
      setState('refreshing');
      void refresh.current().finally(() => {
        busy = false;
        settle();
      });
    };

    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    window.addEventListener('touchcancel', onEnd);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', onEnd);
    };
  }, [enabled]);

  return { distance, state };
}
