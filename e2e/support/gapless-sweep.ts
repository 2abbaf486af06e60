import { execFile } from 'node:child_process';
import { mkdir, readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { writeITunSmpb } from './itunsmpb';

const run = promisify(execFile);
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';

/** The sweep's rate; Opus decodes at 48 kHz, so every format keeps its samples where they were. */
export const RATE = 48_000;
/**
 * Where the sweep is cut (samples): inside a frame for every codec (MP3 1152, AAC 1024, Opus
 * 960, FLAC 4096 samples a frame), so no encoder can end a track on a frame boundary.
 */
export const CUTS = [57_933, 115_977] as const;
export const LENGTH = 172_911;

/** Sample n of the sweep: 100 Hz rising linearly to 3 kHz over the three tracks. */
const SWEEP = `0.5*sin(2*PI*(100*t+${(3000 - 100) / (2 * (LENGTH / RATE))}*t*t))`;

export interface SweepFormat {
  /** As the import names it (audio.format). */
  name: string;
  /** The album's name when two albums share a format (AAC with iTunSMPB, AAC with an edit list). */
  label?: string;
  extension: string;
  codec: string[];
  /** Apple's gapless tag instead of an edit list (AAC). */
  iTunSmpb?: boolean;
}

export const SWEEP_FORMATS: SweepFormat[] = [
  { name: 'FLAC', extension: 'flac', codec: ['-c:a', 'flac'] },
  { name: 'WAV', extension: 'wav', codec: ['-c:a', 'pcm_s16le'] },
  // ffmpeg's MP3 muxer writes the Xing/LAME tag with the encoder delay and padding.
  { name: 'MP3', extension: 'mp3', codec: ['-c:a', 'libmp3lame', '-b:a', '192k'] },
  {
    name: 'AAC',
    extension: 'm4a',
    codec: ['-c:a', 'aac', '-b:a', '192k', '-use_editlist', '0'],
    iTunSmpb: true,
  },
  // ffmpeg's own M4A: the priming and the length in an edit list (the length in milliseconds).
  { name: 'AAC', label: 'AAC-ELST', extension: 'm4a', codec: ['-c:a', 'aac', '-b:a', '192k'] },
  { name: 'OPUS', extension: 'opus', codec: ['-c:a', 'libopus', '-b:a', '128k'] },
  // Vorbis in Ogg, as the import names it.
  { name: 'OGG', extension: 'ogg', codec: ['-c:a', 'libvorbis', '-q:a', '5'] },
  // Not played by browsers: the element deck gets an on-the-fly MP3 transcode of it.
  { name: 'AIFF', extension: 'aiff', codec: ['-c:a', 'pcm_s16be'] },
];

export const albumName = (format: SweepFormat) => `Sweep ${format.label ?? format.name}`;

/** The whole sweep as 16-bit mono WAV, the reference every capture is compared with. */
export async function writeMaster(path: string): Promise<void> {
  // prettier-ignore
  await run(FFMPEG, [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', `aevalsrc=${SWEEP}:s=${RATE}:d=${LENGTH / RATE + 0.1}`,
    '-af', `atrim=end_sample=${LENGTH}`, '-c:a', 'pcm_s16le', path,
  ]);
}

/** The master's samples as floats in [-1, 1). */
export async function readMaster(path: string): Promise<Float32Array> {
  const wav = await readFile(path);
  const data = wav.indexOf('data', 12, 'latin1');
  const pcm = wav.subarray(data + 8);
  const out = new Float32Array(pcm.length >> 1);
  for (let i = 0; i < out.length; i += 1) out[i] = pcm.readInt16LE(i * 2) / 32768;
  return out;
}

/** One album of three tracks cut from the master at CUTS, encoded as `format`. */
export async function writeSweepAlbum(
  master: string,
  root: string,
  format: SweepFormat,
): Promise<void> {
  const dir = join(root, albumName(format));
  await mkdir(dir, { recursive: true });
  const bounds = [0, ...CUTS, LENGTH];
  for (let i = 0; i < 3; i += 1) {
    const path = join(dir, `0${i + 1}.${format.extension}`);
    const [from, to] = [bounds[i]!, bounds[i + 1]!];
    // prettier-ignore
    await run(FFMPEG, [
      '-v', 'error', '-y', '-i', master, '-af', `atrim=start_sample=${from}:end_sample=${to},asetpts=N/SR/TB`,
      ...format.codec,
      '-metadata', `title=Sweep ${format.name} ${i + 1}`, '-metadata', `album=${albumName(format)}`,
      '-metadata', 'artist=Gapless Sweep', '-metadata', `track=${i + 1}`,
      path,
    ]);
    // ffmpeg's AAC encoder primes with 1,024 samples; the padding word is informative only.
    if (format.iTunSmpb)
      await writeITunSmpb(path, {
        priming: 1024,
        padding: (1024 - ((to - from + 1024) % 1024)) % 1024,
        validFrames: to - from,
      });
  }
}

/** The bytes of an album's three files as written (what a listener's own copies weigh). */
export async function albumBytes(root: string, format: SweepFormat): Promise<number> {
  const dir = join(root, albumName(format));
  const sizes = await Promise.all(
    (await readdir(dir)).map(async (name) => (await stat(join(dir, name))).size),
  );
  return sizes.reduce((a, b) => a + b, 0);
}
