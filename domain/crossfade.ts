import type { Track } from './track';

/**
 * Crossfade between tracks (issue 33 §1, decision 0052 "Crossfade"): a player setting, off by
 * default, never applied where an album plays in order. Pure so the rule and the curve are
 * tested without a browser.
 */

/** The choices of the setting, seconds (0: off). */
export const CROSSFADE_CHOICES = [0, 1, 2, 3, 4, 5, 6, 8, 10, 12] as const;
export const CROSSFADE_MAX_SECONDS = 12;

/** A stored or entered value as a setting: whole seconds from 0 to 12, anything else is off. */
export function crossfadeSeconds(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return 0;
  return Math.min(CROSSFADE_MAX_SECONDS, Math.max(0, Math.round(n)));
}

/**
 * True when `next` is the track that follows `current` on their release, in the release's
 * order: the two belong to the same collection and were queued with their places in it. Such
 * a change is the album's own (a live album, a DJ mix) and is never faded.
 */
export function inAlbumOrder(current: Track, next: Track): boolean {
  if (current.collectionId === undefined || current.collectionId !== next.collectionId)
    return false;
  const at = current.albumPosition;
  return at !== undefined && next.albumPosition === at + 1;
}

/**
 * Whether the change from `current` to `next` fades over `seconds`: the setting is on, it is a
 * change to another queue entry (repeat-one joins a track to itself, which is not a change of
 * track), and not the next track of an album played in order.
 */
export function crossfades(
  seconds: number,
  current: Track | undefined,
  next: Track | undefined,
  sameEntry: boolean,
): boolean {
  if (seconds <= 0 || !current || !next || sameEntry) return false;
  return !inAlbumOrder(current, next);
}

/**
 * The fade's length for a track of `duration` seconds: the setting, but never more than half
 * the track, so a short track is heard between two fades. NaN or Infinity (a live transcode,
 * length unknown): no fade, the change waits for the end.
 */
export function fadeLength(seconds: number, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  return Math.max(0, Math.min(seconds, duration / 2));
}

/**
 * Equal-power curve: at `progress` (0 at the start of the fade, 1 at its end) the outgoing
 * track's gain and the incoming one's. cos² + sin² = 1, so two uncorrelated tracks keep their
 * summed power through the fade instead of dipping in the middle as a linear fade does.
 * These multiply the normalisation level of each track (domain/loudness-gain.ts).
 */
export function fadeGains(progress: number): { out: number; in: number } {
  const x = Number.isFinite(progress) ? Math.min(1, Math.max(0, progress)) : 1;
  return { out: Math.cos((x * Math.PI) / 2), in: Math.sin((x * Math.PI) / 2) };
}
