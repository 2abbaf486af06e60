import { useEffect, useState, type RefObject } from 'react';
import { columnsFor, computeRowWindow, type RowWindow } from './windowing';

interface Options {
  itemCount: number;
  rowHeight: number;
  minItemWidth: number;
  gap: number;
  overscan?: number;
}

/**
 * Windowing for a grid of fixed-height rows that scrolls with the page: measures the list's
 * width (columns) and position on scroll and resize, batched to one update per frame.
 */
export function useWindowRows(
  listRef: RefObject<HTMLElement | null>,
  { itemCount, rowHeight, minItemWidth, gap, overscan = 4 }: Options,
): RowWindow & { columns: number } {
  const [view, setView] = useState({ width: 0, offset: 0, height: 800 });

  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const el = listRef.current;
      if (!el) return;
      const rect = el.getBoundingClientRect();
      const next = { width: rect.width, offset: -rect.top, height: window.innerHeight };
      setView((prev) =>
        prev.width === next.width && prev.offset === next.offset && prev.height === next.height
          ? prev
          : next,
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const observer = new ResizeObserver(schedule);
    if (listRef.current) observer.observe(listRef.current);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer.disconnect();
    };
  }, [listRef]);

  const columns = columnsFor(view.width, minItemWidth, gap);
  const rowCount = Math.ceil(itemCount / columns);
  const window_ = computeRowWindow({
    rowCount,
    rowHeight: rowHeight + gap,
    offset: view.offset,
    viewportHeight: view.height,
    overscan,
  });
  return { ...window_, columns };
}
