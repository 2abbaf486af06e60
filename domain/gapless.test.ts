import { describe, expect, it } from 'vitest';
import { decoderShift, formatTrim, gaplessMode, parseTrim, playsGapless } from './gapless';
import { libraryTrack } from './track';
import { testAudio, testCollection, testTrack } from './track-fixture';

describe('gapless setting', () => {
  it('reads the stored value, the older on/off switch included', () => {
    expect(gaplessMode(null)).toBe('tracks');
    expect(gaplessMode('tracks')).toBe('tracks');
    // The older default, lossless files only, is the new default.
    expect(gaplessMode('lossless')).toBe('tracks');
    expect(gaplessMode('always')).toBe('always');
    expect(gaplessMode('on')).toBe('always');
    expect(gaplessMode('off')).toBe('off');
    expect(gaplessMode('garbage')).toBe('tracks');
  });

  it('by default plays gapless every full track, lossy or lossless, and no preview', () => {
    const flac = testTrack({ fileId: 1, lossless: true, isPreview: false });
    const mp3 = testTrack({ fileId: 2, lossless: false, isPreview: false });
    const flacPreview = testTrack({ fileId: 3, lossless: true, isPreview: true });
    expect(playsGapless('tracks', flac)).toBe(true);
    expect(playsGapless('tracks', mp3)).toBe(true);
    expect(playsGapless('tracks', flacPreview)).toBe(false);
    expect(playsGapless('always', mp3)).toBe(true);
    expect(playsGapless('always', flacPreview)).toBe(true);
    expect(playsGapless('off', flac)).toBe(false);
  });

  it('never plays an external track gapless', () => {
    const external = testTrack({ fileId: undefined, lossless: true, external: true });
    expect(playsGapless('always', external)).toBe(false);
  });
});

describe('the trim header', () => {
  it('reads back what the server writes, and nothing malformed', () => {
    const trim = { skip: 1105, valid: 57_933, rate: 48_000 };
    expect(parseTrim(formatTrim(trim))).toEqual(trim);
    expect(parseTrim(null)).toBeNull();
    expect(parseTrim('skip=1; valid=0; rate=48000')).toBeNull();
    expect(parseTrim('skip=-1; valid=10; rate=48000')).toBeNull();
    expect(parseTrim('skip=1; valid=10; rate=48000; more')).toBeNull();
  });

  it('allows for what the browser shifts itself: a new MP3 decoder, AAC but after a change', () => {
    const aac = 'audio/mp4; codecs="mp4a.40.2"';
    expect(decoderShift(aac, 'new')).toEqual({ earlier: 1024, longer: 0 });
    expect(decoderShift(aac, 'continued')).toEqual({ earlier: 1024, longer: 0 });
    expect(decoderShift(aac, 'changed')).toEqual({ earlier: 0, longer: 0 });
    expect(decoderShift('audio/mpeg', 'new')).toEqual({ earlier: 529, longer: 529 });
    expect(decoderShift('audio/mpeg', 'changed')).toEqual({ earlier: 529, longer: 529 });
    expect(decoderShift('audio/mpeg', 'continued')).toEqual({ earlier: 0, longer: 0 });
    expect(decoderShift('audio/mp4; codecs="opus"', 'new')).toEqual({ earlier: 0, longer: 0 });
  });
});

describe('library tracks', () => {
  const file = { fileId: 9, fileImageHash: null };
  const track = (audioFormat?: string) =>
    libraryTrack({ file, audio: { ...testAudio, audioFormat } }, testCollection, true);

  it('are lossless by the format the import named', () => {
    expect(track('FLAC').lossless).toBe(true);
    expect(track('WAV').lossless).toBe(true);
    expect(track('ALAC').lossless).toBe(true);
    expect(track('MP3').lossless).toBe(false);
    expect(track('OGG').lossless).toBe(false);
    expect(track(undefined).lossless).toBe(false);
  });
});
