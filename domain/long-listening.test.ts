import { describe, expect, it } from 'vitest';
import {
  clockText,
  episodeIdOf,
  episodeStreamUrl,
  isFinished,
  rateFor,
  resumeFrom,
  resumePointOf,
  samePoint,
  speedApplies,
  speedSetting,
  stationIdOf,
  stationStreamUrl,
} from './long-listening';
import { trackUrl, type Track } from './track';
import { testTrack } from './track-fixture';

const base: Track = testTrack({ fileId: undefined, title: 'T', artists: [], url: '', duration: 0 });
const file = (fileId: number, minutes: number, isPreview = false): Track => ({
  ...base,
  fileId,
  url: trackUrl(fileId, isPreview),
  isPreview,
  duration: minutes * 60,
});
const episode = (id: number): Track => ({ ...base, url: episodeStreamUrl(id), external: true });
const station = (id: number): Track => ({ ...base, url: stationStreamUrl(id), external: true });

describe('resume points', () => {
  it('an episode, whatever its length, resumes by its id', () => {
    expect(resumePointOf(episode(7))).toEqual({ kind: 'episode', id: 7 });
    expect(episodeIdOf(episode(7))).toBe(7);
    expect(episodeIdOf(station(7))).toBeNull();
  });

  it('a library track of 20 minutes or more resumes; shorter ones and previews do not', () => {
    expect(resumePointOf(file(3, 20))).toEqual({ kind: 'file', id: 3 });
    expect(resumePointOf(file(3, 19.9))).toBeNull();
    expect(resumePointOf(file(3, 60, true))).toBeNull();
  });

  it('a station is neither resumed nor sped up, and is known by its id', () => {
    expect(resumePointOf(station(2))).toBeNull();
    expect(stationIdOf(station(2))).toBe(2);
    expect(stationIdOf({ url: '/api/radio_station/2/now-playing' })).toBeNull();
  });

  it('compares points by kind and id', () => {
    expect(samePoint({ kind: 'file', id: 1 }, { kind: 'file', id: 1 })).toBe(true);
    expect(samePoint({ kind: 'file', id: 1 }, { kind: 'episode', id: 1 })).toBe(false);
    expect(samePoint(null, null)).toBe(false);
  });

  it('the last 30 s are the end; an unknown length never ends early', () => {
    expect(isFinished(3_570_000, 3_600_000)).toBe(true);
    expect(isFinished(3_569_999, 3_600_000)).toBe(false);
    expect(isFinished(10_000_000, 0)).toBe(false);
  });

  it('a recording under 10 minutes ends in its last 5%', () => {
    expect(isFinished(60_000, 90_000)).toBe(false);
    expect(isFinished(85_500, 90_000)).toBe(true);
    expect(isFinished(85_499, 90_000)).toBe(false);
  });

  it('resumes from the saved position unless it is the first seconds or the end', () => {
    expect(resumeFrom(60_000, 3_600_000)).toBe(60_000);
    expect(resumeFrom(60_000, 0)).toBe(60_000);
    expect(resumeFrom(4_000, 3_600_000)).toBeNull();
    expect(resumeFrom(3_590_000, 3_600_000)).toBeNull();
  });
});

describe('playback speed', () => {
  it('accepts only the offered steps, stored as text or numbers', () => {
    expect(speedSetting('1.5')).toBe(1.5);
    expect(speedSetting(3)).toBe(3);
    expect(speedSetting('0.5')).toBe(0.5);
    for (const bad of ['4', '1.3', '', null, undefined, 'fast', Number.NaN]) {
      expect(speedSetting(bad)).toBe(1);
    }
  });

  it('applies to episodes and long tracks; music and stations stay at 1x', () => {
    expect(rateFor(episode(1), 2)).toBe(2);
    expect(rateFor(file(1, 45), 1.25)).toBe(1.25);
    expect(rateFor(file(1, 4), 2)).toBe(1);
    expect(rateFor(station(1), 2)).toBe(1);
    expect(rateFor(null, 2)).toBe(1);
    expect(speedApplies(file(1, 4))).toBe(false);
  });
});

describe('clockText', () => {
  it('reads minutes and seconds, hours when there are any', () => {
    expect(clockText(65_400)).toBe('1:05');
    expect(clockText(3_723_000)).toBe('1:02:03');
    expect(clockText(-5)).toBe('0:00');
  });
});
