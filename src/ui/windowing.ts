/**
 * Row windowing for long lists that scroll with the page (no inner scroll box, so the page,
 * header and pull-to-refresh behave as usual). Pure, so it is unit-tested without a browser.
 */
export interface RowWindow {
  /** First and one-past-last row to render. */
  start: number;
  end: number;
  /** Space kept above and below the rendered rows so the page keeps its full height. */
  padTop: number;
  padBottom: number;
}

export interface WindowInput {
  rowCount: number;
  rowHeight: number;
  /** Viewport top minus list top, in px (negative while the list is still below the fold). */
  offset: number;
  viewportHeight: number;
  /** Extra rows rendered above and below, so fast scrolling shows no blank gap. */
  overscan: number;
}

export function computeRowWindow({
  rowCount,
  rowHeight,
  offset,
  viewportHeight,
  overscan,
}: WindowInput): RowWindow {
  if (rowCount <= 0 || rowHeight <= 0) return { start: 0, end: 0, padTop: 0, padBottom: 0 };
  const first = Math.floor(Math.max(0, offset) / rowHeight);
  const last = Math.ceil(Math.max(0, offset + viewportHeight) / rowHeight);
  const start = Math.min(rowCount, Math.max(0, first - overscan));
  const end = Math.min(rowCount, Math.max(start, last + overscan));
  return { start, end, padTop: start * rowHeight, padBottom: (rowCount - end) * rowHeight };
}

/** How many cards of at least `minWidth` fit a row of `width` with `gap` between them. */
export function columnsFor(width: number, minWidth: number, gap: number): number {
  if (width <= 0) return 1;
  return Math.max(1, Math.floor((width + gap) / (minWidth + gap)));
}
