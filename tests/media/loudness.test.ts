import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loudnessArgs, measureLoudness, parseLoudnessSummary } from '../../server/media/loudness';
import { testFfmpeg } from '../helpers/ffmpeg';

const run = promisify(execFile);

// Run a second time by scripts/test.sh with FFMPEG_PATH set to the npm-shipped ffmpeg 4.1:
// the filter and its summary must be the same there.
describe('the loudness pass', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'musicbox-r128-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('asks only for the R128 meter with true peak and discards the decoded audio', () => {
    const args = loudnessArgs('/music/a b.flac');
    expect(args.slice(args.indexOf('-i'), args.indexOf('-i') + 2)).toEqual([
      '-i',
      '/music/a b.flac',
    ]);
    expect(args.slice(-5)).toEqual(['-af', 'ebur128=peak=true', '-f', 'null', '-']);
    expect(args).toContain('-nostats');
  });

  it('reads the integrated loudness and the true peak of a tone', async () => {
    const path = join(dir, 'tone.flac');
    // lavfi's sine is 1/8 full scale (-18 dBFS); 6 dB lower it is -24 dBFS, about -27 LUFS.
    await run(testFfmpeg(), [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', 'sine=frequency=1000:duration=4', '-af', 'volume=-6dB', path],
    ]);
    const measure = await measureLoudness(path);
    expect(measure.integrated).toBeCloseTo(-27, 0);
    expect(measure.truePeak).toBeCloseTo(-24.1, 0);
  });

  it('reads silence as the meter floor with no peak', async () => {
    const path = join(dir, 'silence.wav');
    await run(testFfmpeg(), [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', 'anullsrc=r=44100:cl=stereo', '-t', '2', path],
    ]);
    expect(await measureLoudness(path)).toEqual({ integrated: -70, truePeak: null });
  });

  it('refuses a file that is not audio with a message naming it', async () => {
    await expect(measureLoudness(join(dir, 'missing.flac'))).rejects.toThrow(/missing\.flac/);
  });

  it('parses only the closing summary, not the per-frame lines', () => {
    const stderr = [
      '[Parsed_ebur128_0 @ 0x1] t: 0.4 TARGET:-23 LUFS M: -20.0 S:-120.7 I: -19.0 LUFS',
      '[Parsed_ebur128_0 @ 0x1] Summary:',
      '  Integrated loudness:',
      '    I:         -9.5 LUFS',
      '    Threshold: -19.5 LUFS',
      '  Loudness range:',
      '    LRA:         3.1 LU',
      '  True peak:',
      '    Peak:        0.4 dBFS',
    ].join('\n');
    expect(parseLoudnessSummary(stderr)).toEqual({ integrated: -9.5, truePeak: 0.4 });
    expect(parseLoudnessSummary('Invalid data found when processing input')).toBeUndefined();
  });
});
