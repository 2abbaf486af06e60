import type { TranscodeFormat } from '../../domain/audio-format';

export interface TranscodeTarget {
  /** ffmpeg arguments, ending with the output (stdout or the given file). */
  args: string[];
  /**
   * Whether the container can be written front to back. FLAC, AIFF and WMA headers are patched
   * after encoding (sample counts, sizes), so those are written to a seekable file first.
   */
  streamable: boolean;
  extension: string;
  mime: string;
}

// Containers that must be seekable to be written (MP4 family) are fragmented so they can stream
// to stdout; the cache keeps the same bytes.
const TARGETS: Record<TranscodeFormat, Omit<TranscodeTarget, 'args'> & { codec: string[] }> = {
  MP3_320: {
    codec: ['-c:a', 'libmp3lame', '-b:a', '320k', '-id3v2_version', '3', '-f', 'mp3'],
    extension: 'mp3',
    mime: 'audio/mpeg',
    streamable: true,
  },
  AAC: {
    codec: ['-c:a', 'aac', '-b:a', '256k', '-movflags', '+frag_keyframe+empty_moov', '-f', 'ipod'],
    extension: 'm4a',
    mime: 'audio/mp4',
    streamable: true,
  },
  FLAC: {
    codec: ['-c:a', 'flac', '-f', 'flac'],
    extension: 'flac',
    mime: 'audio/flac',
    streamable: false,
  },
  ALAC: {
    codec: ['-c:a', 'alac', '-movflags', '+frag_keyframe+empty_moov', '-f', 'ipod'],
    extension: 'm4a',
    mime: 'audio/mp4',
    streamable: true,
  },
  WAV: {
    codec: ['-c:a', 'pcm_s16le', '-f', 'wav'],
    extension: 'wav',
    mime: 'audio/wav',
    streamable: true,
  },
  AIFF: {
    codec: ['-c:a', 'pcm_s16be', '-write_id3v2', '1', '-f', 'aiff'],
    extension: 'aiff',
    mime: 'audio/aiff',
    streamable: false,
  },
  OGG: {
    codec: ['-c:a', 'libvorbis', '-q:a', '8', '-f', 'ogg'],
    extension: 'ogg',
    mime: 'audio/ogg',
    streamable: true,
  },
  WMA: {
    codec: ['-c:a', 'wmav2', '-b:a', '192k', '-f', 'asf'],
    extension: 'wma',
    mime: 'audio/x-ms-wma',
    streamable: false,
  },
};

/**
 * Arguments for converting `inputPath` to `format`, written to stdout when the container is
 * streamable and to `outputPath` otherwise. Tags are kept; embedded cover art is dropped (`-vn`)
 * because not every target container can carry it.
 */
export function transcodeArgs(
  inputPath: string,
  format: TranscodeFormat,
  outputPath?: string,
): TranscodeTarget {
  const { codec, ...target } = TARGETS[format];
  if (!target.streamable && !outputPath) {
    throw new Error(`${format} must be written to a file, not a pipe`);
  }
  const output = target.streamable ? 'pipe:1' : (outputPath ?? 'pipe:1');
  return {
    ...target,
    args: [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-i',
      inputPath,
      '-map_metadata',
      '0',
      '-vn',
      ...codec,
      '-y',
      output,
    ],
  };
}

/** A clip of `seconds` from the middle of a track of `duration` seconds, as MP3 for previews. */
export function previewArgs(inputPath: string, duration: number, seconds = 30): string[] {
  const start = Math.max(0, duration / 2 - seconds / 2);
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-ss',
    start.toFixed(3),
    '-t',
    String(seconds),
    '-i',
    inputPath,
    '-vn',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '192k',
    '-f',
    'mp3',
    'pipe:1',
  ];
}
