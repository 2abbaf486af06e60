import { describe, expect, it } from 'vitest';
import { planStream, streamJob } from '../../server/modules/subsonic/subsonic-stream-plan';

describe('planStream (what stream converts)', () => {
  const flac = { format: 'FLAC', bitrate: 900_000 };
  const mp3 = { format: 'MP3', bitrate: 128_000 };
  const ask = (format?: string, maxBitRate = 0, timeOffset = 0) => ({
    format,
    maxBitRate,
    timeOffset,
  });

  it('sends the original for raw, for its own format and under the cap', () => {
    expect(planStream(ask('raw', 64), flac)).toEqual({ kind: 'original' });
    expect(planStream(ask('flac', 320), flac)).toEqual({ kind: 'original' });
    expect(planStream(ask(undefined, 320), mp3)).toEqual({ kind: 'original' });
    expect(planStream(ask('mp3', 0, 30), mp3)).toEqual({ kind: 'original' });
  });

  it('transcodes another format, an original over the cap, and ALAC, AIFF and WMA', () => {
    expect(planStream(ask(undefined, 100), flac)).toEqual({
      kind: 'transcode',
      codec: 'mp3',
      kbps: 96,
      offset: 0,
    });
    expect(planStream(ask('opus'), mp3)).toMatchObject({ codec: 'opus', kbps: 192 });
    expect(planStream(ask('m4a', 1000, 12.5), flac)).toMatchObject({
      codec: 'aac',
      kbps: 256,
      offset: 12.5,
    });
    expect(planStream(ask(), { format: 'ALAC', bitrate: null })).toMatchObject({
      codec: 'mp3',
      kbps: 320,
    });
  });

  it("shares the web app's cache entry when it asks for the web app's own format", () => {
    const web = streamJob('/m/a.flac', { kind: 'transcode', codec: 'mp3', kbps: 320, offset: 0 });
    expect(web.kind).toBe('MP3_320');
    const shifted = streamJob('/m/a.flac', {
      kind: 'transcode',
      codec: 'mp3',
      kbps: 128,
      offset: 5,
    });
    const args = shifted.args('/out');
    expect(args.indexOf('-ss')).toBeLessThan(args.indexOf('-i'));
    expect(args).toContain('128k');
  });
});
