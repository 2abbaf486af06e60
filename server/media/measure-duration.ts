import { spawn } from 'node:child_process';
import { ffmpegPath } from './ffmpeg-binary';
import { ProcessSlots } from './process-slots';

/**
 * Decodes of files whose header holds no length. They are rare, but an import reads 8 files at
 * once and a folder of them must not start a decoder per file beyond what the machine runs.
 */
const slots = new ProcessSlots();

/** Long enough for hours of FLAC on a slow disk; a stuck decoder must not stall an import. */
export const MEASURE_TIMEOUT_MS = 120_000;

/**
 * The arguments of the measuring decode: the first audio stream only, decoded to the null
 * muxer. `-progress` prints `out_time=HH:MM:SS.micro` (in every ffmpeg since 2.x, the npm
 * one too) after the last frame, so the length comes from what was really decoded, not from
 * a header or an estimate from the bitrate.
 */
export function measureArgs(path: string): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-nostats', '-v', 'error'],
    ...['-i', path, '-map', '0:a:0', '-f', 'null', '-progress', 'pipe:1', '-'],
  ];
}

/** Seconds from the last `out_time=` in the progress output; 0 when it holds none. */
export function parseProgressTime(progress: string): number {
  let seconds = 0;
  for (const match of progress.matchAll(/^out_time=(-?)(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/gm)) {
    const value = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4]);
    seconds = match[1] === '-' ? 0 : value;
  }
  return seconds;
}

const KEEP_OUTPUT = 4096;

/**
 * How long the file's first audio stream plays, in seconds, by decoding all of it. Rejects
 * when ffmpeg finds no audio stream or cannot decode the file, or after `timeoutMs`.
 */
export async function measureDuration(
  path: string,
  timeoutMs = MEASURE_TIMEOUT_MS,
): Promise<number> {
  const release = await slots.acquire();
  try {
    return await new Promise<number>((resolve, reject) => {
      const child = spawn(ffmpegPath(), measureArgs(path), { stdio: ['ignore', 'pipe', 'pipe'] });
      // Progress blocks repeat every half second: only the tail holds the final one.
      let progress = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => {
        progress = (progress + chunk.toString()).slice(-KEEP_OUTPUT);
      });
      child.stderr.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-KEEP_OUTPUT);
      });
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`ffmpeg took over ${timeoutMs / 1000} s to measure ${path}`));
      }, timeoutMs);
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        if (code === 0) return resolve(parseProgressTime(progress));
        const last = stderr.trim().split('\n').slice(-2).join(' ');
        reject(new Error(`ffmpeg could not decode ${path}: ${last || `exit code ${code}`}`));
      });
    });
  } finally {
    release();
  }
}
