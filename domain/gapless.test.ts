import { describe, expect, it } from 'vitest';
import { gaplessMode, playsGapless } from './gapless';
import { libraryTrack } from './track';
import { testAudio, testCollection, testTrack } from './track-fixture';

describe('gapless setting', () => {
  it('reads the stored value, the older on/off switch included', () => {
    expect(gaplessMode(null)).toBe('lossless');
    expect(gaplessMode('lossless')).toBe('lossless');
    expect(gaplessMode('always')).toBe('always');
    expect(gaplessMode('on')).toBe('always');
    expect(gaplessMode('off')).toBe('off');
    expect(gaplessMode('garbage')).toBe('lossless');
  });

  it('by default plays gapless only full tracks of lossless originals', () => {
    const flac = testTrack({ fileId: 1, lossless: true, isPreview: false });
    const mp3 = testTrack({ fileId: 2, lossless: false, isPreview: false });
    const flacPreview = testTrack({ fileId: 3, lossless: true, isPreview: true });
    expect(playsGapless('lossless', flac)).toBe(true);
    expect(playsGapless('lossless', mp3)).toBe(false);
    expect(playsGapless('lossless', flacPreview)).toBe(false);
    expect(playsGapless('always', mp3)).toBe(true);
    expect(playsGapless('always', flacPreview)).toBe(true);
    expect(playsGapless('off', flac)).toBe(false);
  });

  it('never plays an external track gapless', () => {
    const external = testTrack({ fileId: undefined, lossless: true, external: true });
    expect(playsGapless('always', external)).toBe(false);
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
