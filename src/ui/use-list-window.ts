import { useLayoutEffect, useRef, useState } from 'react';
import { listWindow } from '../../domain/list-window';

/**
 * Window-scrolled virtualisation for fixed-height rows: the page scrolls as usual (the shell
 * has no inner scroller), and only the rows near the viewport are rendered. Attach `ref` to
 * the list container, give it `height: totalHeight`, and place rows `start..end` absolutely.
 */
export function useListWindow(count: number, rowHeight: number, overscan = 8) {
  const ref = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState(() =>
    listWindow(
      count,
      rowHeight,
      0,
      typeof window === 'undefined' ? 800 : window.innerHeight,
      overscan,
    ),
  );

  useLayoutEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const element = ref.current;
      if (!element) return;
      const top = element.getBoundingClientRect().top;
      const next = listWindow(count, rowHeight, -top, window.innerHeight, overscan);
      setRange((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
    };
    // One measurement per animation frame, however many scroll events arrive.
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(measure);
    };
    // The first measurement waits for the frame: measuring here forced a layout of the whole
    // page inside React's commit. Until then the rows from the top are shown, enough to fill
    // the screen wherever the list starts.
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [count, rowHeight, overscan]);

  return { ref, start: range.start, end: range.end, totalHeight: count * rowHeight };
}
