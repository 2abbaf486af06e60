import { describe, expect, it } from 'vitest';
import { bundledFfmpegPath, ffmpegMissingLine, findFfmpeg } from '../../server/media/ffmpeg-binary';

describe('findFfmpeg', () => {
  it('runs the binary FFMPEG_PATH names and reports its version', () => {
    const bundled = bundledFfmpegPath();
    expect(bundled).toMatch(/@ffmpeg-installer\/linux-x64\/ffmpeg$/);
    expect(findFfmpeg(bundled)).toEqual({
      path: bundled,
      source: 'FFMPEG_PATH',
      version: expect.stringMatching(/\S/) as unknown,
    });
  });

  it('answers null for a FFMPEG_PATH that is missing or is not ffmpeg, without falling back', () => {
    expect(findFfmpeg('/nonexistent/ffmpeg')).toBeNull();
    // Runs and exits 0, but prints no ffmpeg version.
    expect(findFfmpeg('/bin/true')).toBeNull();
  });

  it('prefers the system ffmpeg on PATH when nothing is forced', () => {
    expect(findFfmpeg(null)).toMatchObject({ path: 'ffmpeg', source: 'system' });
  });
});

describe('ffmpegMissingLine', () => {
  it('is one line naming the features that are off and how to get ffmpeg', () => {
    for (const forced of [null, '/opt/nothing']) {
      const line = ffmpegMissingLine(forced);
      expect(line).not.toContain('\n');
      expect(line).toContain('apt-get install ffmpeg');
      expect(line).toContain('FFMPEG_PATH');
      expect(line).toMatch(/transcodes.*previews.*waveforms.*demo library/);
    }
    expect(ffmpegMissingLine('/opt/nothing')).toContain('FFMPEG_PATH=/opt/nothing');
  });
});
