import { describe, expect, it } from 'vitest';
import { gaplessUrl } from '../../domain/gapless';
import { gaplessArgs, previewStart } from '../../server/media/gapless-args';
import { parseITunSmpb } from '../../server/media/gapless-info';

describe('parseITunSmpb', () => {
  it('reads priming, padding and the real sample count from the hex words', () => {
    const value =
      ' 00000000 00000840 000001CA 00000000003F31F6 00000000 00000000 00000000 00000000';
    expect(parseITunSmpb(value)).toEqual({ priming: 2112, padding: 458, validFrames: 4141558 });
  });

  it('answers null for text that is not four hex words or has no samples', () => {
    expect(parseITunSmpb('')).toBeNull();
    expect(parseITunSmpb('00000000 00000840 000001CA')).toBeNull();
    expect(parseITunSmpb('00000000 zz 000001CA 0000000000001000')).toBeNull();
    expect(parseITunSmpb('00000000 00000840 000001CA 0000000000000000')).toBeNull();
  });
});

describe('gaplessArgs', () => {
  const plan = { format: 'MP3', duration: 200, preview: false, validFrames: null };

  it('decodes the whole track to FLAC in fragmented MP4, stamped from 0 by sample count', () => {
    const args = gaplessArgs('/in.mp3', plan);
    expect(args).not.toContain('-ss');
    expect(args[args.indexOf('-af') + 1]).toBe('asetpts=N/SR/TB');
    expect(args[args.indexOf('-c:a') + 1]).toBe('flac');
    expect(args[args.indexOf('-sample_fmt') + 1]).toBe('s16');
    expect(args[args.indexOf('-movflags') + 1]).toContain('empty_moov');
    expect(args.at(-1)).toBe('pipe:1');
  });

  it('keeps a lossless source at its own bit depth', () => {
    expect(gaplessArgs('/in.flac', { ...plan, format: 'FLAC' })).not.toContain('-sample_fmt');
  });

  it('trims the end to the iTunSMPB count before stamping', () => {
    const args = gaplessArgs('/in.m4a', { ...plan, format: 'AAC', validFrames: 48333 });
    expect(args[args.indexOf('-af') + 1]).toBe('atrim=end_sample=48333,asetpts=N/SR/TB');
  });

  it('cuts the preview window from the middle, and trims only a window that starts at 0', () => {
    const long = gaplessArgs('/in.m4a', { ...plan, preview: true, validFrames: 9_000_000 });
    expect(long[long.indexOf('-ss') + 1]).toBe(previewStart(200).toFixed(3));
    expect(long[long.indexOf('-ss') + 1]).toBe('85.000');
    expect(long[long.indexOf('-af') + 1]).toBe('asetpts=N/SR/TB');
    const short = gaplessArgs('/in.m4a', { ...plan, duration: 4, preview: true, validFrames: 9 });
    expect(short[short.indexOf('-ss') + 1]).toBe('0.000');
    expect(short[short.indexOf('-af') + 1]).toBe('atrim=end_sample=9,asetpts=N/SR/TB');
  });
});

describe('gaplessUrl', () => {
  it('names the full track, the preview and a refetch', () => {
    expect(gaplessUrl(7, false)).toBe('/downloader/gapless/7');
    expect(gaplessUrl(7, true)).toBe('/downloader/gapless/7?preview=true');
    expect(gaplessUrl(7, false, true)).toBe('/downloader/gapless/7?again=true');
  });
});
