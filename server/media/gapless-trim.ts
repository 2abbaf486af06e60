import { spawn } from 'node:child_process';
import type { GaplessTrim } from '../../domain/gapless';

/** One `framecrc` listing: the stream's time base and each packet's (or frame's) pts and length. */
export interface FrameList {
  timeBase: number;
  frames: { pts: number; duration: number }[];
}

/** Parses ffmpeg's `-f framecrc` output for stream 0. */
export function parseFrameList(text: string): FrameList {
  let timeBase = 0;
  const frames: FrameList['frames'] = [];
  for (const line of text.split('\n')) {
    const base = /^#tb 0: (\d+)\/(\d+)/.exec(line);
    if (base) timeBase = Number(base[1]) / Number(base[2]);
    const row = /^0,\s*(-?\d+),\s*-?\d+,\s*(\d+),/.exec(line);
    if (row) frames.push({ pts: Number(row[1]), duration: Number(row[2]) });
  }
  return { timeBase, frames };
}

/**
 * Where the track's samples lie in what the player's decoder makes of the remuxed frames
 * (decision 0060), from ffmpeg's own view of the file: `packets`, the first packet as stored;
 * `decoded`, every frame after ffmpeg applied the file's gapless information (LAME delay and
 * padding, the edit list's or iTunSMPB's priming, Opus pre-skip and end trimming).
 * - skip: from the first packet's start to the first real sample.
 * - valid: the decoded samples, or `knownLength` when the file states it and ffmpeg does not
 *   trim to it (AAC: iTunSMPB, or the edit list's length, see mp4-edit-list.ts).
 */
export function trimOf(
  packets: FrameList,
  decoded: FrameList,
  knownLength: number | null,
): GaplessTrim | null {
  const first = packets.frames[0];
  const out = decoded.frames[0];
  if (!first || !out || decoded.timeBase <= 0 || packets.timeBase <= 0) return null;
  const rate = Math.round(1 / decoded.timeBase);
  const lead = out.pts * decoded.timeBase - first.pts * packets.timeBase;
  const skip = Math.max(0, Math.round(lead * rate));
  const total = decoded.frames.reduce((sum, frame) => sum + frame.duration, 0);
  const valid = knownLength !== null && knownLength > 0 ? Math.min(knownLength, total) : total;
  return valid > 0 ? { skip, valid, rate } : null;
}

/** Runs ffmpeg and answers what it wrote to stdout (framecrc text: a few hundred kB at most). */
export function ffmpegText(binary: string, args: string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'ignore'], signal });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(Buffer.concat(chunks).toString('utf8'))
        : reject(new Error(`ffmpeg exited with ${code}`)),
    );
  });
}

const BASE = ['-hide_banner', '-loglevel', 'error', '-nostdin'];

/** The two ffmpeg runs `trimOf` reads: the first packet as stored, and every decoded frame. */
export const probeArgs = (input: string) => ({
  packets: [
    ...BASE,
    '-i',
    input,
    '-map',
    '0:a:0',
    '-c:a',
    'copy',
    '-frames:a',
    '1',
    '-f',
    'framecrc',
    '-',
  ],
  decoded: [...BASE, '-i', input, '-map', '0:a:0', '-f', 'framecrc', '-'],
});
