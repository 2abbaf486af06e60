/**
 * Pull-to-refresh rules (spec part 1, section 9): a pull past 20 px arms the refresh, the
 * indicator never moves past 140 px, and it animates back in 300 ms. Refreshing fetches the
 * screen's data again rather than reloading the document, which would stop the music.
 */
export const PULL_THRESHOLD = 20;
export const PULL_MAX = 140;
export const PULL_ANIMATION_MS = 300;

export type PullState = 'idle' | 'pull' | 'pulled' | 'refreshing';

/** The finger moved `dy` px down; the indicator follows it, capped at 140 px. */
export function pullDistance(dy: number): number {
  if (!(dy > 0)) return 0;
  return Math.min(PULL_MAX, dy);
}

export function pullStateFor(distance: number): PullState {
  if (distance <= 0) return 'idle';
  return distance > PULL_THRESHOLD ? 'pulled' : 'pull';
}
