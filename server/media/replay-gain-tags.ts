import { texts, type NativeLookup } from './artist-credits';

/** A track's ReplayGain tags: gains in dB, sample peaks in dBFS; null when untagged. */
export interface ReplayGain {
  trackGain: number | null;
  trackPeak: number | null;
  albumGain: number | null;
  albumPeak: number | null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** A ReplayGain gain ("-6.50 dB"), in dB. */
function gain(values: readonly unknown[]): number | null {
  const value = Number.parseFloat(texts(values)[0] ?? '');
  return Number.isFinite(value) ? round2(value) : null;
}

/** A ReplayGain peak, a linear sample peak ("0.988553") by the spec, in dBFS. */
function peak(values: readonly unknown[]): number | null {
  const text = texts(values)[0] ?? '';
  const value = Number.parseFloat(text);
  // A few tools write the peak in dB already.
  const dbfs = /db\s*$/i.test(text) ? value : 20 * Math.log10(value);
  return Number.isFinite(dbfs) ? round2(dbfs) : null;
}

export function replayGain(native: NativeLookup): ReplayGain {
  return {
    trackGain: gain(native(['REPLAYGAIN_TRACK_GAIN'])),
    trackPeak: peak(native(['REPLAYGAIN_TRACK_PEAK'])),
    albumGain: gain(native(['REPLAYGAIN_ALBUM_GAIN'])),
    albumPeak: peak(native(['REPLAYGAIN_ALBUM_PEAK'])),
  };
}
