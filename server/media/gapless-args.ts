import { LOSSLESS_FORMATS } from '../../domain/audio-format';
import { GAPLESS_MIME } from '../../domain/gapless';
import { PREVIEW_SECONDS, type TranscodeJob } from './transcoder';

export interface GaplessPlan {
  /** The file's format as the import names it (`audio.format`). */
  format: string;
  /** Seconds, for the preview window. */
  duration: number;
  preview: boolean;
  /**
   * The number of real samples when the file says so and ffmpeg would not trim its end itself
   * (an AAC file's iTunSMPB; see gapless-info.ts). ffmpeg skips the priming already.
   */
  validFrames: number | null;
}

/** Where a preview clip starts: the middle of the track, as `previewArgs` does. */
export const previewStart = (duration: number): number =>
  Math.max(0, duration / 2 - PREVIEW_SECONDS / 2);

/**
 * ffmpeg arguments that decode `input` and write FLAC in fragmented MP4 to stdout. The decoder
 * honours the gapless information (LAME/Xing delay and padding, edit lists and iTunSMPB priming,
 * Opus pre-skip and end trimming); `atrim` cuts what only iTunSMPB says of the end; `asetpts`
 * stamps the output by sample count from 0, so the player can place each track at the exact end
 * of the one before. 1 s fragments keep the stream flowing as it is decoded.
 */
export function gaplessArgs(input: string, plan: GaplessPlan): string[] {
  const window = plan.preview ? previewStart(plan.duration) : null;
  // In a preview window the end trim only applies when the window starts at the file's start.
  const trim = plan.validFrames !== null && (window === null || window === 0);
  const filters = [...(trim ? [`atrim=end_sample=${plan.validFrames}`] : []), 'asetpts=N/SR/TB'];
  // prettier-ignore
  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin',
    ...(window === null ? [] : ['-ss', window.toFixed(3), '-t', String(PREVIEW_SECONDS)]),
    '-i', input,
    '-map', '0:a:0', '-map_metadata', '-1', '-vn',
    '-af', filters.join(','),
    '-c:a', 'flac',
    // Lossless formats keep their bit depth (16, or 24 carried in 32).
    ...(LOSSLESS_FORMATS.has(plan.format) ? [] : ['-sample_fmt', 's16']),
    // FLAC in MP4 is still flagged experimental in ffmpeg 4.x-6.x.
    '-strict', '-2',
    '-f', 'mp4', '-movflags', '+empty_moov+default_base_moof', '-frag_duration', '1000000',
    'pipe:1',
  ];
}

/** Bump when the arguments change, so cached results made by older ones are not served. */
const GAPLESS_VERSION = 1;

/** The transcoder job for a gapless stream (cached like any transcode, keyed by its kind). */
export function gaplessJob(input: string, plan: GaplessPlan): TranscodeJob {
  const trim = plan.validFrames === null ? '' : `-trim${plan.validFrames}`;
  return {
    kind: `gapless-v${GAPLESS_VERSION}${plan.preview ? `-preview-${PREVIEW_SECONDS}` : ''}${trim}`,
    extension: 'mp4',
    mime: GAPLESS_MIME,
    streamable: true,
    // `from`: what ffmpeg reads instead of `input` (a presigned URL on object storage).
    args: (_output: string, from: string = input) => gaplessArgs(from, plan),
  };
}
