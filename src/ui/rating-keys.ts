/**
 * The rating a key gives, from the current `value` and the focused `star`; null when the key
 * is not the group's. The arrows go from the rating there is (the focus sits on it, or on the
 * first star when there is none: Right then gives one star) and stop at the ends rather than
 * wrap, since from 5 stars one more press must not fall back to 1.
 */
export function ratingForKey(key: string, value: number, star: number, max: number): number | null {
  if (key === 'ArrowRight' || key === 'ArrowUp') return Math.min(value + 1, max);
  if (key === 'ArrowLeft' || key === 'ArrowDown') return value > 0 ? Math.max(value - 1, 1) : 0;
  if (key === 'Home') return 1;
  if (key === 'End') return max;
  if (key === ' ' || key === 'Enter') return star;
  if (key === '0' || key === 'Delete' || key === 'Backspace') return 0;
  if (/^[1-9]$/.test(key) && Number(key) <= max) return Number(key);
  return null;
}
