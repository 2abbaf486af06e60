import { useSyncExternalStore } from 'react';
import { getPlayerEngine } from '../engine/engine';

/** Spec part 1, section 9: the clock refreshes every 320 ms. */
export const CLOCK_MS = 320;

export function subscribeClock(onChange: () => void): () => void {
  const timer = window.setInterval(onChange, CLOCK_MS);
  return () => window.clearInterval(timer);
}

// Rounded to the refresh step so React skips renders when the second has not moved on.
const snapshot = () => Math.floor(getPlayerEngine().position * 10) / 10;

/**
 * The playback position, read from the engine by the few components that show it. Only they
 * re-render on the clock; the rest of the app never sees the position change.
 */
export function usePosition(): number {
  return useSyncExternalStore(subscribeClock, snapshot, () => 0);
}

const bufferedSnapshot = () => Math.floor(getPlayerEngine().bufferedEnd);

/** Where the loaded data ends (whole seconds), on the same clock as the position. */
export function useBufferedEnd(): number {
  return useSyncExternalStore(subscribeClock, bufferedSnapshot, () => 0);
}
