import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remuxArgs, remuxCodec, type RemuxCodec } from '../../server/media/gapless-remux';
import { ffmpegText, parseFrameList, probeArgs, trimOf } from '../../server/media/gapless-trim';
import { canRetime } from '../../server/media/gapless-trims';
import { readEditListFrames } from '../../server/media/mp4-edit-list';
import { testFfmpeg } from '../helpers/ffmpeg';

const run = promisify(execFile);
/** Cut inside a frame of every codec, so no encoder can end the track on a frame boundary. */
const LENGTH = 57_933;
const RATE = 48_000;
let scratch: string;
let ffmpeg: string;

const encoders: Record<string, string[]> = {
  mp3: ['-c:a', 'libmp3lame', '-b:a', '192k'],
  m4a: ['-c:a', 'aac', '-b:a', '160k'],
  opus: ['-c:a', 'libopus', '-b:a', '128k'],
};

async function encode(extension: string): Promise<string> {
  const path = join(scratch, `tone.${extension}`);
  // prettier-ignore
  await run(ffmpeg, [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=${RATE}:duration=2`,
    '-af', `atrim=end_sample=${LENGTH}`, ...encoders[extension]!, path,
  ]);
  return path;
}

/** Each packet's CRC, as ffmpeg reads it from `input` without decoding. */
async function packetCrcs(input: string): Promise<string[]> {
  const { stdout } = await run(
    ffmpeg,
    ['-v', 'error', '-i', input, '-map', '0:a:0', '-c', 'copy', '-f', 'framecrc', '-'],
    { maxBuffer: 1 << 26 },
  );
  return stdout
    .split('\n')
    .filter((l) => /^0,/.test(l))
    .map((l) => l.split(',')[5]!.trim());
}

async function remux(path: string, codec: RemuxCodec, extension: string): Promise<string> {
  const out = join(scratch, `remux-${codec}.${extension}`);
  const args = remuxArgs(path, codec);
  await run(ffmpeg, [...args.slice(0, -1), '-y', out]);
  return out;
}

async function trimFor(path: string, codec: RemuxCodec, known: number | null = null) {
  const args = probeArgs(path);
  const packets = parseFrameList(await ffmpegText(ffmpeg, args.packets));
  const decoded = parseFrameList(await ffmpegText(ffmpeg, args.decoded));
  return trimOf(packets, decoded, known);
}

beforeAll(async () => {
  ffmpeg = testFfmpeg();
  scratch = await mkdtemp(join(tmpdir(), 'musicbox-remux-'));
});
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('gapless remux of lossy originals (decision 0060)', () => {
  it('names the codecs whose frames go as they are, Opus only with an ffmpeg that retimes', () => {
    expect(remuxCodec('MP3', false)).toBe('mp3');
    expect(remuxCodec('AAC', false)).toBe('aac');
    // Vorbis goes only in WebM, whose times cannot place a cut to the sample: as FLAC.
    expect(remuxCodec('OGG', true)).toBeNull();
    expect(remuxCodec('OPUS', true)).toBe('opus');
    expect(remuxCodec('OPUS', false)).toBeNull();
    expect(remuxCodec('FLAC', true)).toBeNull();
    expect(remuxCodec('WMA', true)).toBeNull();
  });

  it('MP3: the bare frames, unchanged, and the LAME delay with the real sample count', async () => {
    const path = await encode('mp3');
    const out = await remux(path, 'mp3', 'mp3');
    expect(await packetCrcs(out)).toEqual(await packetCrcs(path));
    // LAME's 576 samples of delay plus the decoder's 529.
    expect(await trimFor(path, 'mp3')).toEqual({ skip: 1105, valid: LENGTH, rate: RATE });
  });

  it('AAC: fragmented MP4 of the same frames, the priming, and the edit list length', async () => {
    const path = await encode('m4a');
    const out = await remux(path, 'aac', 'mp4');
    expect(await packetCrcs(out)).toEqual(await packetCrcs(path));
    const file = await readFile(path);
    const known = await readEditListFrames(
      (offset, length) => Promise.resolve(file.subarray(offset, offset + length)),
      file.length,
    );
    // ffmpeg's muxer writes the edit in milliseconds: within one of the real length.
    expect(Math.abs(known! - LENGTH)).toBeLessThanOrEqual(RATE / 1000);
    expect(await trimFor(path, 'aac', known)).toEqual({ skip: 1024, valid: known, rate: RATE });
    // Without a stated length the decoder's count (whole frames, padding included) is all there is.
    const whole = await trimFor(path, 'aac');
    expect(whole!.valid % 1024).toBe(0);
  });

  it('Opus: the same frames in MP4, the pre-skip, and the end trimming', async (context) => {
    if (!canRetime(ffmpeg)) return context.skip();
    const path = await encode('opus');
    const out = await remux(path, 'opus', 'mp4');
    expect(await packetCrcs(out)).toEqual(await packetCrcs(path));
    expect(await trimFor(path, 'opus')).toEqual({ skip: 312, valid: LENGTH, rate: RATE });
  });
});
