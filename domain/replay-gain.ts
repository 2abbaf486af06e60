import type { LoudnessMeasure } from './loudness-gain';

/**
 * ReplayGain 2.0 tags as a loudness measure: a gain of G dB brings the track to the reference
 * of -18 LUFS, so the track's loudness is -18 - G. The tagged sample peak (dBFS) stands in for
 * the true peak. Used only until the server's own EBU R128 pass has measured the file. The
 * player's target (NORMALISE_TARGET_LUFS) is the same -18 LUFS, so a tagged track plays at its
 * tagged gain.
 */
const REPLAYGAIN_REFERENCE_LUFS = -18;

export function replayGainMeasure(
  gainDb: number | null | undefined,
  peakDb: number | null | undefined,
): LoudnessMeasure | null {
  if (gainDb === null || gainDb === undefined || !Number.isFinite(gainDb)) return null;
  return {
    loudness: REPLAYGAIN_REFERENCE_LUFS - gainDb,
    truePeak: peakDb === null || peakDb === undefined || !Number.isFinite(peakDb) ? null : peakDb,
  };
}

/** The album gain every track carries, as one measure; null unless all tracks are tagged. */
export function taggedAlbumMeasure(
  tracks: ReadonlyArray<{ albumGain?: number | null; albumPeak?: number | null }>,
): LoudnessMeasure | null {
  const first = tracks[0];
  if (!first || tracks.some((t) => t.albumGain === null || t.albumGain === undefined)) return null;
  return replayGainMeasure(first.albumGain, first.albumPeak);
}
