/**
 * The slice of a fixed-row-height list that intersects the viewport, plus `overscan` rows on
 * each side, so a 3,000-track collection renders a few dozen rows instead of all of them.
 * `offset` is how far the viewport's top is below the list's top (negative: list not reached).
 */
export function listWindow(
  count: number,
  rowHeight: number,
  offset: number,
  viewportHeight: number,
  overscan = 8,
): { start: number; end: number } {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, offset) / rowHeight);
  const last = Math.ceil(Math.max(0, offset + viewportHeight) / rowHeight);
  const start = Math.max(0, Math.min(count, first - overscan));
  const end = Math.max(start, Math.min(count, last + overscan));
  return { start, end };
}
