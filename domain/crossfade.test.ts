import { describe, expect, it } from 'vitest';
import {
  CROSSFADE_CHOICES,
  crossfadeSeconds,
  crossfades,
  fadeGains,
  fadeLength,
  inAlbumOrder,
} from './crossfade';
import { testTrack } from './track-fixture';

const track = testTrack;

describe('inAlbumOrder', () => {
  const first = track({ collectionId: 7, albumPosition: 0 });
  const second = track({ fileId: 2, collectionId: 7, albumPosition: 1 });
  const third = track({ fileId: 3, collectionId: 7, albumPosition: 2 });

  it('is the next track of the same release', () => {
    expect(inAlbumOrder(first, second)).toBe(true);
    expect(inAlbumOrder(second, third)).toBe(true);
  });

  it('is not a skip, a step back, a wrap to the first track or the same track again', () => {
    expect(inAlbumOrder(first, third)).toBe(false);
    expect(inAlbumOrder(second, first)).toBe(false);
    expect(inAlbumOrder(third, first)).toBe(false);
    expect(inAlbumOrder(second, second)).toBe(false);
  });

  it('is not a change to another collection at the next place', () => {
    expect(inAlbumOrder(first, track({ collectionId: 8, albumPosition: 1 }))).toBe(false);
  });

  it('is not known without places or collections (a playlist, an external track)', () => {
    expect(inAlbumOrder(track({ collectionId: 7 }), track({ collectionId: 7 }))).toBe(false);
    expect(inAlbumOrder(track({ albumPosition: 0 }), track({ albumPosition: 1 }))).toBe(false);
  });
});

describe('crossfades', () => {
  const a1 = track({ collectionId: 7, albumPosition: 0 });
  const a2 = track({ fileId: 2, collectionId: 7, albumPosition: 1 });
  const b1 = track({ fileId: 9, collectionId: 8, albumPosition: 0 });

  it('fades between collections when on', () => {
    expect(crossfades(3, a2, b1, false)).toBe(true);
  });

  it('never fades inside an album played in order', () => {
    expect(crossfades(12, a1, a2, false)).toBe(false);
  });

  it('does nothing when off, at the end of the queue, or for repeat one', () => {
    expect(crossfades(0, a2, b1, false)).toBe(false);
    expect(crossfades(3, a2, undefined, false)).toBe(false);
    expect(crossfades(3, undefined, b1, false)).toBe(false);
    expect(crossfades(3, a2, a2, true)).toBe(false);
  });

  it('fades album tracks played out of order (shuffled, or the wrap of repeat all)', () => {
    expect(crossfades(3, a2, a1, false)).toBe(true);
  });
});

describe('the setting', () => {
  it('takes whole seconds from 0 to 12 and turns anything else off', () => {
    expect(crossfadeSeconds('5')).toBe(5);
    expect(crossfadeSeconds(2.6)).toBe(3);
    expect(crossfadeSeconds(40)).toBe(12);
    expect(crossfadeSeconds(-2)).toBe(0);
    for (const bad of [null, undefined, '', 'x', NaN, Infinity, {}])
      expect(crossfadeSeconds(bad)).toBe(0);
    expect(CROSSFADE_CHOICES[0]).toBe(0);
    expect(Math.max(...CROSSFADE_CHOICES)).toBe(12);
  });

  it('shortens the fade to half a short track and skips a track of unknown length', () => {
    expect(fadeLength(3, 200)).toBe(3);
    expect(fadeLength(12, 10)).toBe(5);
    expect(fadeLength(3, Infinity)).toBe(0);
    expect(fadeLength(3, NaN)).toBe(0);
  });
});

describe('fadeGains', () => {
  it('starts with the outgoing track alone and ends with the incoming one alone', () => {
    expect(fadeGains(0)).toEqual({ out: 1, in: 0 });
    const end = fadeGains(1);
    expect(end.out).toBeCloseTo(0, 12);
    expect(end.in).toBe(1);
  });

  it('moves the two in opposite directions, keeping their summed power', () => {
    let previous = fadeGains(0);
    for (let step = 1; step <= 20; step += 1) {
      const gains = fadeGains(step / 20);
      expect(gains.out).toBeLessThan(previous.out);
      expect(gains.in).toBeGreaterThan(previous.in);
      expect(gains.out ** 2 + gains.in ** 2).toBeCloseTo(1, 12);
      previous = gains;
    }
    // Equal power: at the middle each is at -3 dB, not at half (-6 dB) as a linear fade.
    expect(fadeGains(0.5).out).toBeCloseTo(Math.SQRT1_2, 12);
  });

  it('clamps progress outside the fade', () => {
    expect(fadeGains(-1)).toEqual(fadeGains(0));
    expect(fadeGains(2)).toEqual(fadeGains(1));
  });
});
