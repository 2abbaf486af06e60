import { spawn } from 'node:child_process';
import { ffmpegPath } from './ffmpeg-binary';

/** Peaks drawn by the player's waveform; 0 to 1, relative to the loudest moment. */
export const WAVEFORM_PEAKS = 400;
/** The rate peaks are read at: plenty for 400 buckets, and cheap to resample to. */
export const WAVEFORM_SAMPLE_RATE = 4000;

/** Folds signed 16-bit mono samples into `count` peak buckets, normalised to the loudest. */
export function peaksFromSamples(samples: Int16Array, count: number): number[] {
  if (samples.length === 0) return new Array<number>(count).fill(0);
  const bucket = samples.length / count;
  const peaks = new Array<number>(count).fill(0);
  for (let i = 0; i < samples.length; i += 1) {
    const index = Math.min(count - 1, Math.floor(i / bucket));
    const value = Math.abs(samples[i] ?? 0);
    if (value > (peaks[index] ?? 0)) peaks[index] = value;
  }
  const loudest = Math.max(...peaks, 1);
  return peaks.map((p) => Math.round((p / loudest) * 1000) / 1000);
}

/** Decodes the file at a low sample rate with ffmpeg and returns its waveform peaks. */
export function computeWaveform(path: string, count = WAVEFORM_PEAKS): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpegPath(),
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-nostdin',
        '-i',
        path,
        '-vn',
        '-ac',
        '1',
        '-ar',
        String(WAVEFORM_SAMPLE_RATE),
        '-f',
        's16le',
        'pipe:1',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`ffmpeg could not decode ${path}: ${stderr.trim()}`));
      // A fresh ArrayBuffer: pooled Buffers may start at an odd offset, which Int16Array refuses.
      const bytes = new Uint8Array(Buffer.concat(chunks));
      const samples = new Int16Array(bytes.buffer, 0, Math.floor(bytes.length / 2));
      resolve(peaksFromSamples(samples, count));
    });
  });
}
