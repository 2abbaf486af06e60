import { spawn, spawnSync } from 'node:child_process';
import { basename } from 'node:path';
import { ffmpegPath } from '../../media/ffmpeg-binary';
import type { PostActionRunner } from '../contracts';
import { present, rewriteAudioTags } from './tag-actions';

// bpm-tools' default range (84–146) folds slow and fast tracks into it; this one covers what
// the library's BPM filter shows without doubling 70 BPM tracks or halving 180 BPM ones.
const RANGE = ['-m', '60', '-x', '200'];

let installed: boolean | undefined;
const bpmInstalled = () =>
  (installed ??= spawnSync('bpm', ['-h'], { stdio: 'ignore', timeout: 5000 }).error === undefined);

/**
 * The tempo of one file: ffmpeg decodes it to mono 44.1 kHz float samples piped straight into
 * bpm-tools, so neither the samples nor the analysis sit in this process (a server must not
 * block its event loop for seconds per track). Null when bpm finds no tempo.
 */
export function measureBpm(file: string, signal: AbortSignal): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const decode = spawn(
      ffmpegPath(),
      ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', file].concat([
        '-f',
        'f32le',
        '-ac',
        '1',
        '-ar',
        '44100',
        '-',
      ]),
      { stdio: ['ignore', 'pipe', 'ignore'], signal },
    );
    const detect = spawn('bpm', RANGE, { stdio: ['pipe', 'pipe', 'ignore'], signal });
    decode.stdout.pipe(detect.stdin);
    // bpm may stop reading early; a broken pipe on ffmpeg's side is not an error.
    detect.stdin.on('error', () => undefined);
    decode.on('error', reject);
    detect.on('error', reject);
    let out = '';
    detect.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    detect.on('close', (code) => {
      const bpm = Number.parseFloat(out.trim());
      if (code !== 0) reject(new Error(`bpm could not read ${basename(file)}`));
      else resolve(Number.isFinite(bpm) && bpm > 0 ? bpm : null);
    });
  });
}

/** Writes a measured BPM into every audio file that has none (TBPM, BPM or tmpo by format). */
export const detectBpm: PostActionRunner = async (files, _options, ctx) => {
  if (!bpmInstalled()) {
    ctx.log('detectBPM skipped: bpm-tools is not installed on this server');
    return files;
  }
  await rewriteAudioTags('detectBPM', files, ctx, async (current, file) => {
    if (present(current.bpm)) return null;
    const bpm = await measureBpm(file, ctx.signal);
    if (bpm === null) {
      ctx.log(`detectBPM: no tempo found in ${basename(file)}`);
      return null;
    }
    // Whole numbers: ID3's TBPM and MP4's tmpo are integers, and the player shows it rounded.
    const rounded = String(Math.round(bpm));
    ctx.log(`detectBPM: ${basename(file)} ${rounded} BPM`);
    return { ...current, bpm: [rounded] };
  });
  return files;
};
