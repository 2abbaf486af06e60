import { spawn } from 'node:child_process';
import { ffmpegPath } from './ffmpeg-binary';

/** A track's EBU R128 measure: integrated loudness (LUFS) and the peak that caps its gain. */
export interface Loudness {
  /** -70 (the meter's floor) for silence. */
  integrated: number;
  /**
   * dBTP from measureLoudness; dBFS sample peak from the import's analyseAudio (decision 0065),
   * as ReplayGain tags give it. Null when the track is silent (the meter prints -inf).
   */
  truePeak: number | null;
}

/**
 * The arguments of the loudness pass. Only `ebur128=peak=true` and the null muxer: both exist in
 * the ffmpeg 4.1 shipped by npm and in current ones (decision 0014), and `-nostats` keeps the
 * progress line out of stderr, where the summary is read from.
 */
export function loudnessArgs(path: string): string[] {
  return [
    '-hide_banner',
    '-nostats',
    '-nostdin',
    '-i',
    path,
    '-vn',
    '-af',
    'ebur128=peak=true',
    '-f',
    'null',
    '-',
  ];
}

function summaryValue(summary: string, label: string): number | null | undefined {
  const match = new RegExp(`\\b${label}:\\s+(-?inf|-?\\d+(?:\\.\\d+)?)`).exec(summary);
  if (!match?.[1]) return undefined;
  return match[1].endsWith('inf') ? null : Number(match[1]);
}

/** Reads the filter's closing summary; undefined when the output holds none. */
export function parseLoudnessSummary(stderr: string): Loudness | undefined {
  const at = stderr.lastIndexOf('Summary:');
  if (at < 0) return undefined;
  const summary = stderr.slice(at);
  const integrated = summaryValue(summary, 'I');
  const truePeak = summaryValue(summary, 'Peak');
  if (integrated === undefined || integrated === null || truePeak === undefined) return undefined;
  return { integrated, truePeak };
}

// The per-frame lines can run to megabytes for long files at verbose levels: only the tail,
// where the summary is, is kept.
const KEEP_STDERR = 16_384;

/** Decodes the whole file once through the R128 meter. */
export function measureLoudness(path: string): Promise<Loudness> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), loudnessArgs(path), { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-KEEP_STDERR);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const result = code === 0 ? parseLoudnessSummary(stderr) : undefined;
      if (result) return resolve(result);
      const last = stderr.trim().split('\n').slice(-3).join(' ');
      reject(new Error(`ffmpeg could not measure the loudness of ${path}: ${last}`));
    });
  });
}
