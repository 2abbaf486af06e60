/**
 * When the player should start the preloaded next track so it follows the current one with no
 * audible gap (issue #10, decision 0029). Waiting for `ended` costs the event's own latency
 * plus the next element's start; instead the engine starts the spare from a timer aimed at the
 * moment the current track runs out. Pure so the arithmetic is tested without a browser.
 */

/** Start this many ms before the end: play() of a warm element needs a few ms to sound. */
export const HANDOVER_LEAD_MS = 10;
/** A timer that wakes this close to its aim starts at once rather than sleeping again. */
export const HANDOVER_SLACK_MS = 4;
/**
 * Only arm a timer this close to the end: `timeupdate` comes about every 250 ms, so one
 * always arrives inside the window, and a far timer would drift from the media clock.
 */
export const HANDOVER_WINDOW_MS = 1000;

export interface HandoverInput {
  /** Seconds; NaN or Infinity for a stream whose length is unknown (a live transcode). */
  duration: number;
  currentTime: number;
  playbackRate: number;
  /** Paused or ended: nothing to schedule. */
  paused: boolean;
  /** A seek in flight: the position is not yet where playback will continue. */
  seeking: boolean;
  /** The spare holds the next track with enough data to start at once. */
  spareReady: boolean;
  /**
   * How long before the end to start the next track, ms: HANDOVER_LEAD_MS for a hand-over,
   * the fade's length for a crossfade (domain/crossfade.ts).
   */
  leadMs?: number;
}

export type HandoverPlan =
  /** Start the spare now. */
  | { kind: 'now' }
  /** Look again in `ms` milliseconds. */
  | { kind: 'wait'; ms: number }
  /** Do not schedule; `ended` starts the next track as before. */
  | { kind: 'none' };

export function planHandover(input: HandoverInput): HandoverPlan {
  const { duration, currentTime, playbackRate: rate } = input;
  if (input.paused || input.seeking || !input.spareReady) return { kind: 'none' };
  if (!Number.isFinite(duration) || duration <= 0) return { kind: 'none' };
  if (!Number.isFinite(currentTime) || !Number.isFinite(rate) || rate <= 0) return { kind: 'none' };
  const lead = input.leadMs ?? HANDOVER_LEAD_MS;
  const remainingMs = ((duration - currentTime) / rate) * 1000;
  // A fade arms its timer the same window ahead of its own start.
  const window = input.leadMs === undefined ? HANDOVER_WINDOW_MS : lead + HANDOVER_WINDOW_MS;
  if (remainingMs > window) return { kind: 'none' };
  const wait = remainingMs - lead;
  if (wait <= HANDOVER_SLACK_MS) return { kind: 'now' };
  return { kind: 'wait', ms: wait };
}
