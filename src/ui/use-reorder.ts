import {
  useCallback,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
} from 'react';

export interface ReorderDrag {
  from: number;
  over: number;
}

export interface ReorderHandleProps {
  'data-reorder-handle': number;
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onPointerMove: (event: PointerEvent<HTMLElement>) => void;
  onPointerUp: (event: PointerEvent<HTMLElement>) => void;
  onPointerCancel: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  style: { touchAction: 'none'; cursor: 'grab' };
}

/**
 * Reordering a list by a handle on each row: drag it (mouse, pen or finger: pointer events
 * with the pointer captured, so the page does not scroll under a finger), or focus it and press
 * ArrowUp / ArrowDown. Rows mark themselves with `data-reorder-index`; the row under the
 * pointer is found from their boxes, so fixed-height virtual lists and plain lists both work.
 * `announcement` is for an aria-live region: a keyboard move is otherwise silent.
 */
export function useReorder({
  count,
  onMove,
  describe,
}: {
  count: number;
  onMove: (from: number, to: number) => void;
  describe: (to: number, count: number) => string;
}): {
  listRef: RefObject<HTMLElement | null>;
  drag: ReorderDrag | null;
  announcement: string;
  handleProps: (index: number) => ReorderHandleProps;
} {
  const listRef = useRef<HTMLElement | null>(null);
  const [drag, setDragState] = useState<ReorderDrag | null>(null);
  // Events can arrive faster than renders: the handlers read the ref, the rows the state.
  const dragRef = useRef<ReorderDrag | null>(null);
  const setDrag = (next: ReorderDrag | null) => {
    dragRef.current = next;
    setDragState(next);
  };
  const [announcement, setAnnouncement] = useState('');

  const indexAt = useCallback((clientY: number): number | null => {
    const rows = [
      ...(listRef.current?.querySelectorAll<HTMLElement>('[data-reorder-index]') ?? []),
    ];
    let best: { index: number; distance: number } | null = null;
    for (const row of rows) {
      const box = row.getBoundingClientRect();
      const index = Number(row.dataset.reorderIndex);
      const distance = clientY < box.top ? box.top - clientY : Math.max(0, clientY - box.bottom);
      if (best === null || distance < best.distance) best = { index, distance };
    }
    return best?.index ?? null;
  }, []);

  const finish = (from: number, to: number, focus: boolean) => {
    if (to < 0 || to >= count || to === from) return;
    onMove(from, to);
    setAnnouncement(describe(to, count));
    // The row is re-rendered at its new place: keep the keyboard on its handle.
    if (focus)
      requestAnimationFrame(() =>
        listRef.current?.querySelector<HTMLElement>(`[data-reorder-handle="${to}"]`)?.focus(),
      );
  };

  const handleProps = (index: number): ReorderHandleProps => ({
    'data-reorder-handle': index,
    onPointerDown: (event) => {
      if (event.button !== 0) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture(event.pointerId);
      setDrag({ from: index, over: index });
    },
    onPointerMove: (event) => {
      const current = dragRef.current;
      if (!current) return;
      const over = indexAt(event.clientY);
      if (over !== null && over !== current.over) setDrag({ ...current, over });
    },
    onPointerUp: (event) => {
      const current = dragRef.current;
      if (!current) return;
      const over = indexAt(event.clientY) ?? current.over;
      setDrag(null);
      finish(current.from, over, false);
    },
    onPointerCancel: () => setDrag(null),
    onKeyDown: (event) => {
      const step = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
      if (step === 0) return;
      event.preventDefault();
      finish(index, index + step, true);
    },
    style: { touchAction: 'none', cursor: 'grab' },
  });

  return { listRef, drag, announcement, handleProps };
}
