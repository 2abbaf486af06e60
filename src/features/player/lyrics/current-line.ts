import type { LyricsLine } from '../../../../domain/lyrics';

/**
 * The line being sung at `positionMs` in synced lyrics (lines in time order): the last line
 * whose start is at or before it, or -1 before the first line starts.
 */
export function currentLineIndex(lines: readonly LyricsLine[], positionMs: number): number {
  let low = 0;
  let high = lines.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const start = lines[middle]?.startMs ?? Infinity;
    if (start <= positionMs) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/** After the reader scrolls the lyrics, they stay where the reader put them this long. */
export const USER_SCROLL_HOLD_MS = 4000;

/** Whether the view may follow the current line: no scrolling by the reader for a while. */
export function mayFollow(lastUserScrollAt: number, now: number): boolean {
  return now - lastUserScrollAt >= USER_SCROLL_HOLD_MS;
}
