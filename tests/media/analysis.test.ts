import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseAudio, analysisArgs } from '../../server/media/analysis';
import { measureLoudness, type Loudness } from '../../server/media/loudness';
import { computeWaveform, WAVEFORM_PEAKS } from '../../server/media/waveform';
import { testFfmpeg } from '../helpers/ffmpeg';

const run = promisify(execFile);

/** Real audio of three kinds: a tone in lossy stereo, noise in FLAC, silence in WAV. */
const FILES: Array<{ name: string; source: string; args: string[] }> = [
  {
    name: 'sine.mp3',
    source: 'sine=frequency=440:duration=6',
    args: ['-ac', '2', '-codec:a', 'libmp3lame', '-b:a', '128k'],
  },
  { name: 'noise.flac', source: 'anoisesrc=d=5:c=pink:a=0.3', args: ['-ac', '2'] },
  { name: 'silence.wav', source: 'anullsrc=r=44100:cl=stereo', args: ['-t', '3'] },
];

/**
 * The same integrated loudness; the sample peak (decision 0065) at most the true peak (the
 * meter prints one decimal) and less than 1 dB under it, the most a decoded track's samples fall
 * short of the wave between them in practice.
 */
function expectSameLoudness(combined: Loudness | null, apart: Loudness): void {
  expect(combined).not.toBeNull();
  expect(combined!.integrated).toBeCloseTo(apart.integrated, 1);
  if (apart.truePeak === null) return expect(combined!.truePeak).toBeNull();
  expect(combined!.truePeak).toBeLessThanOrEqual(apart.truePeak + 0.05);
  expect(combined!.truePeak).toBeGreaterThan(apart.truePeak - 1);
}

function expectSamePeaks(combined: number[] | null, apart: number[]): void {
  expect(combined).toHaveLength(WAVEFORM_PEAKS);
  const largest = Math.max(...apart.map((p, i) => Math.abs(p - (combined![i] ?? NaN))));
  expect(largest).toBeLessThanOrEqual(0.002);
}

// Run a second time by scripts/test.sh with the npm-shipped ffmpeg 4.1: the graph must hold there.
describe('the one-decode analysis', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'musicbox-analysis-'));
    for (const file of FILES) {
      await run(testFfmpeg(), [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', file.source],
        ...file.args,
        join(dir, file.name),
      ]);
    }
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('decodes once: one input, one graph that splits it for the meter and the peaks', () => {
    const args = analysisArgs('/music/a b.mp3', { waveform: true, loudness: true });
    expect(args.filter((a) => a === '-i')).toHaveLength(1);
    const graph = args[args.indexOf('-filter_complex') + 1] ?? '';
    expect(graph).toMatch(/^\[0:a:0\]asplit=2/);
    expect(graph).toContain('ebur128=peak=sample');
    expect(graph).toContain('aformat=sample_fmts=s16:sample_rates=4000:channel_layouts=mono');
    expect(args.slice(-3)).toEqual(['-f', 's16le', 'pipe:1']);
  });

  for (const file of FILES) {
    it(`gives the same peaks and loudness as the two passes apart: ${file.name}`, async () => {
      const path = join(dir, file.name);
      const [combined, peaks, loudness] = await Promise.all([
        analyseAudio(path),
        computeWaveform(path),
        measureLoudness(path),
      ]);
      expectSamePeaks(combined.peaks, peaks);
      expectSameLoudness(combined.loudness, loudness);
    });
  }

  it('measures one part alone when only one is asked for', async () => {
    const path = join(dir, 'noise.flac');
    const wave = await analyseAudio(path, { waveform: true, loudness: false });
    expect(wave.loudness).toBeNull();
    expectSamePeaks(wave.peaks, await computeWaveform(path));
    const meter = await analyseAudio(path, { waveform: false, loudness: true });
    expect(meter.peaks).toBeNull();
    expectSameLoudness(meter.loudness, await measureLoudness(path));
  });

  // At 48 kHz: ffmpeg 4.1's meter resamples anything else to it, which overshoots a square wave.
  it('gives the sample peak: a 0.5 square wave in lossless FLAC peaks at -6.0 dBFS', async () => {
    const path = join(dir, 'square.flac');
    await run(testFfmpeg(), [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', 'aevalsrc=0.5*(2*lt(mod(t*100\\,1)\\,0.5)-1):d=2:s=48000', path],
    ]);
    const { loudness } = await analyseAudio(path, { waveform: false, loudness: true });
    expect(loudness!.truePeak).toBeCloseTo(-6.0, 1);
    // The true peak of a square wave overshoots its samples (Gibbs): the old meter read above.
    expect((await measureLoudness(path)).truePeak!).toBeGreaterThan(-5.9);
  });

  it('reads silence as the meter floor with no peak, and a flat waveform', async () => {
    const result = await analyseAudio(join(dir, 'silence.wav'));
    expect(result.loudness).toEqual({ integrated: -70, truePeak: null });
    expect(new Set(result.peaks)).toEqual(new Set([0]));
  });

  it('refuses a file it cannot read with a message naming it', async () => {
    await expect(analyseAudio(join(dir, 'missing.flac'))).rejects.toThrow(/missing\.flac/);
  });
});
