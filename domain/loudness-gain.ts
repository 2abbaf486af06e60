import type { Track } from './track';

/**
 * Volume normalisation (decision 0029). The gain is applied as the audio element's volume, which
 * can only attenuate: the target is low (ReplayGain's -18 LUFS rather than streaming's -14) so
 * that most records are turned down to it and only very quiet ones stay below it.
 */
export const NORMALISE_TARGET_LUFS = -18;
/** A gain never lifts the true peak above this (dBTP); it matters once a boost is possible. */
export const TRUE_PEAK_CEILING = -1;
/** The R128 meter's floor: at or below it the track is silence and has no useful gain. */
const METER_FLOOR = -70;

export const NORMALISE_MODES = ['off', 'track', 'album'] as const;
export type NormaliseMode = (typeof NORMALISE_MODES)[number];

export interface LoudnessMeasure {
  /** Integrated loudness, LUFS. */
  loudness: number;
  /** True peak, dBTP; null for silence. */
  truePeak: number | null;
}

export function isNormaliseMode(value: unknown): value is NormaliseMode {
  return typeof value === 'string' && (NORMALISE_MODES as readonly string[]).includes(value);
}

/** The gain (dB) that brings `measure` to the target without its true peak passing the ceiling. */
export function normaliseGainDb(measure: LoudnessMeasure | null | undefined): number | null {
  if (!measure || !Number.isFinite(measure.loudness) || measure.loudness <= METER_FLOOR)
    return null;
  const toTarget = NORMALISE_TARGET_LUFS - measure.loudness;
  return measure.truePeak === null
    ? toTarget
    : Math.min(toTarget, TRUE_PEAK_CEILING - measure.truePeak);
}

/** The element volume for the listener's `volume` (0..1) and a gain: the element cannot boost. */
export function elementVolume(volume: number, gainDb: number | null): number {
  const level = Math.min(1, Math.max(0, volume));
  if (gainDb === null) return level;
  return Math.min(1, Math.max(0, level * 10 ** (gainDb / 20)));
}

/**
 * One loudness for a whole release: the duration-weighted energy mean of its tracks (what the
 * meter would read over the concatenation, give or take gating) and the loudest true peak.
 * Null when a track is unmeasured, so a half-measured album falls back to track gains.
 */
export function albumMeasure(
  tracks: ReadonlyArray<{ loudness: number | null; truePeak: number | null; duration: number }>,
): LoudnessMeasure | null {
  let energy = 0;
  let seconds = 0;
  let peak: number | null = null;
  for (const track of tracks) {
    if (track.loudness === null) return null;
    if (track.loudness <= METER_FLOOR) continue;
    const weight = Math.max(track.duration, 0.001);
    energy += weight * 10 ** (track.loudness / 10);
    seconds += weight;
    if (track.truePeak !== null) peak = Math.max(peak ?? -Infinity, track.truePeak);
  }
  if (seconds === 0) return null;
  return { loudness: 10 * Math.log10(energy / seconds), truePeak: peak };
}

/** True when the queue holds the whole release of queue[index] around it, in release order. */
function wholeAlbumQueued(queue: readonly Track[], index: number): boolean {
  const album = queue[index]?.albumLoudness;
  if (!album) return false;
  const start = index - album.position;
  for (let position = 0; position < album.count; position += 1) {
    const entry = queue[start + position];
    if (
      entry?.collectionId !== queue[index]?.collectionId ||
      entry?.albumLoudness?.position !== position
    )
      return false;
  }
  return true;
}

/** The measure the player normalises queue[index] with in `mode`; null plays it unchanged. */
export function queueMeasure(
  queue: readonly Track[],
  index: number,
  mode: NormaliseMode,
): LoudnessMeasure | null {
  const track = queue[index];
  if (!track || mode === 'off') return null;
  if (mode === 'album' && wholeAlbumQueued(queue, index)) return track.albumLoudness ?? null;
  const loudness = track.loudness ?? null;
  return loudness === null ? null : { loudness, truePeak: track.truePeak ?? null };
}
