import { describe, expect, it } from 'vitest';
import {
  albumMeasure,
  elementVolume,
  NORMALISE_TARGET_LUFS,
  normaliseGainDb,
  queueMeasure,
} from './loudness-gain';
import type { Track } from './track';
import { testTrack } from './track-fixture';

const track = (over: Partial<Track>): Track =>
  testTrack({ artists: [], url: '/x', duration: 100, ...over });

describe('normaliseGainDb', () => {
  it('brings a loud master down to the target', () => {
    expect(normaliseGainDb({ loudness: -8, truePeak: 0.5 })).toBeCloseTo(NORMALISE_TARGET_LUFS + 8);
  });

  it('never lifts the true peak above -1 dBTP', () => {
    // A quiet but peaky track: +8 dB would reach the target, the peak allows only +3.
    expect(normaliseGainDb({ loudness: -26, truePeak: -4 })).toBeCloseTo(3);
  });

  it('has no gain for silence or an unmeasured track', () => {
    expect(normaliseGainDb({ loudness: -70, truePeak: null })).toBeNull();
    expect(normaliseGainDb(null)).toBeNull();
    expect(normaliseGainDb({ loudness: -20, truePeak: null })).toBeCloseTo(2);
  });
});

describe('elementVolume', () => {
  it('scales the listener volume by the gain', () => {
    expect(elementVolume(1, -6)).toBeCloseTo(0.501, 3);
    expect(elementVolume(0.5, -20)).toBeCloseTo(0.05, 3);
  });

  it('cannot boost past full volume, and leaves unmeasured tracks alone', () => {
    expect(elementVolume(1, 6)).toBe(1);
    expect(elementVolume(0.25, 6)).toBeCloseTo(0.499, 3);
    expect(elementVolume(0.7, null)).toBe(0.7);
    expect(elementVolume(2, null)).toBe(1);
  });

  it('makes a quiet and a loud album play at about the same level', () => {
    const quiet = elementVolume(1, normaliseGainDb({ loudness: -19, truePeak: -6 }));
    const loud = elementVolume(1, normaliseGainDb({ loudness: -7, truePeak: 0.8 }));
    // Both end near -18 LUFS: quiet plays at full volume (-19), loud is cut 11 dB (-18).
    expect(20 * Math.log10(quiet) + -19).toBeCloseTo(-19, 5);
    expect(20 * Math.log10(loud) + -7).toBeCloseTo(-18, 5);
  });
});

describe('albumMeasure', () => {
  it('is the duration-weighted energy mean and the loudest peak', () => {
    const album = albumMeasure([
      { loudness: -10, truePeak: -1, duration: 100 },
      { loudness: -20, truePeak: -8, duration: 100 },
    ]);
    expect(album!.loudness).toBeCloseTo(10 * Math.log10((0.1 + 0.01) / 2), 5);
    expect(album!.truePeak).toBe(-1);
  });

  it('is unknown while a track is unmeasured, and skips silent tracks', () => {
    expect(albumMeasure([{ loudness: null, truePeak: null, duration: 1 }])).toBeNull();
    expect(
      albumMeasure([
        { loudness: -70, truePeak: null, duration: 5 },
        { loudness: -12, truePeak: -2, duration: 50 },
      ]),
    ).toEqual({ loudness: -12, truePeak: -2 });
  });
});

describe('queueMeasure', () => {
  const album = { loudness: -14, truePeak: -0.5, count: 2 };
  const a = track({
    collectionId: 1,
    loudness: -20,
    truePeak: -3,
    albumLoudness: { ...album, position: 0 },
  });
  const b = track({
    collectionId: 1,
    loudness: -12,
    truePeak: -0.5,
    albumLoudness: { ...album, position: 1 },
  });
  const other = track({ collectionId: 2, loudness: -9, truePeak: 0 });

  it('uses nothing when off and the track measure in track mode', () => {
    expect(queueMeasure([a, b], 0, 'off')).toBeNull();
    expect(queueMeasure([a, b], 0, 'track')).toEqual({ loudness: -20, truePeak: -3 });
  });

  it('uses the album measure when the whole release is queued in order', () => {
    expect(queueMeasure([other, a, b, other], 2, 'album')).toEqual({
      ...album,
      position: 1,
    });
  });

  it('falls back to the track measure for a partial or reordered release', () => {
    expect(queueMeasure([b], 0, 'album')).toEqual({ loudness: -12, truePeak: -0.5 });
    expect(queueMeasure([b, a], 0, 'album')).toEqual({ loudness: -12, truePeak: -0.5 });
    expect(queueMeasure([other], 0, 'album')).toEqual({ loudness: -9, truePeak: 0 });
    expect(queueMeasure([track({})], 0, 'album')).toBeNull();
  });
});
