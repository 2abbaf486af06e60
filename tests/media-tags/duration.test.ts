import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseFile } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTrackInfo } from '../../server/media/audio-tags';
import { measureDuration, parseProgressTime } from '../../server/media/measure-duration';
import { writeTone } from '../helpers/audio';
import { KIND_EXTENSION, writeTaggedAudio, type NoDurationKind } from '../helpers/tagged-audio';

const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'musicbox-duration-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const NO_HEADER: Array<{ kind: NoDurationKind; seconds: number }> = [
  { kind: 'flac-no-total', seconds: 2.5 },
  { kind: 'ogg-flac', seconds: 3 },
  { kind: 'ogg-no-eos', seconds: 2 },
];

describe('files without a duration header', () => {
  for (const { kind, seconds } of NO_HEADER) {
    it(`measures ${kind} by decoding it`, async () => {
      const folder = join(dir, kind);
      await mkdir(folder);
      const file = join(folder, `track${KIND_EXTENSION[kind]}`);
      await writeTaggedAudio(file, {
        kind,
        seconds,
        tags: { title: `Title of ${kind}`, artists: ['Stream Artist'] },
      });
      // The premise: music-metadata alone finds no length.
      expect((await parseFile(file, { duration: true })).format.duration ?? 0).toBe(0);
      if (kind === 'flac-no-total') {
        const { stdout } = await run('metaflac', ['--show-total-samples', file]);
        expect(stdout.trim()).toBe('0');
      }

      expect(Math.abs((await measureDuration(file)) - seconds)).toBeLessThanOrEqual(0.2);
      const info = await readTrackInfo(file);
      expect(Math.abs(info.duration - seconds)).toBeLessThanOrEqual(0.2);
      expect(info.title).toBe(`Title of ${kind}`);
      expect(info.artists).toEqual(['Stream Artist']);
      expect(info.format).toBe(kind === 'ogg-no-eos' ? 'OGG' : 'FLAC');
      expect(info.bitrate).toBeGreaterThan(0);
    });
  }

  it('still refuses a FLAC header with no audio frames after it', async () => {
    const source = join(dir, 'source.flac');
    await writeTaggedAudio(source, { kind: 'flac-no-total', seconds: 1 });
    const bytes = await readFile(source);
    // "fLaC", then metadata blocks (4-byte header, the first bit marks the last) up to the frames.
    let end = 4;
    for (;;) {
      const header = bytes[end] ?? 0x80;
      end += 4 + bytes.readUIntBE(end + 1, 3);
      if (header & 0x80) break;
    }
    const file = join(dir, 'header-only.flac');
    await writeFile(file, bytes.subarray(0, end));
    await expect(readTrackInfo(file)).rejects.toThrow(/audio has no duration/);
  });

  it('still refuses a file that is not audio', async () => {
    const file = join(dir, 'notes.mp3');
    await writeFile(file, 'these are not the sounds you are looking for\n'.repeat(20));
    await expect(readTrackInfo(file)).rejects.toThrow(/not a recognised audio file/);
  });

  it('rejects a measure of a file with no audio stream', async () => {
    const file = join(dir, 'picture.mkv');
    await writeTone(file, {
      args: ['-f', 'lavfi', '-i', 'color=c=black:s=16x16:d=1', '-map', '1:v', '-c:v', 'mpeg4'],
    });
    await expect(measureDuration(file)).rejects.toThrow(/ffmpeg could not decode/);
  });
});

describe('parseProgressTime', () => {
  it('reads the last out_time of the progress blocks', () => {
    const progress = [
      'out_time_us=500000',
      'out_time=00:00:00.500000',
      'progress=continue',
      'out_time_us=3723250000',
      'out_time=01:02:03.250000',
      'progress=end',
      '',
    ].join('\n');
    expect(parseProgressTime(progress)).toBeCloseTo(3723.25, 6);
    expect(parseProgressTime('out_time=N/A\nprogress=end\n')).toBe(0);
    expect(parseProgressTime('out_time=-00:00:00.023220\nprogress=end\n')).toBe(0);
  });
});
