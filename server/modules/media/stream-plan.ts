import { UNPLAYABLE_IN_BROWSER, type TranscodeFormat } from '../../../domain/audio-format';
import { formatJob, type TranscodeJob } from '../../media/transcoder';

/** What a stream may be converted to. */
export type StreamCodec = 'mp3' | 'aac' | 'opus' | 'ogg' | 'flac';

/**
 * What a listener asks of a playback stream, whoever asks: the web app's player asks nothing
 * (originals it cannot play go out as MP3 320), a /rest client a codec, a bitrate and a start.
 */
export interface StreamOptions {
  /** `original` never converts; a codec converts unless the original already is it. */
  format?: StreamCodec | 'original';
  /** The highest bitrate in kbps; null or absent: no cap. */
  maxKbps?: number | null;
  /** Start this many seconds into the track (transcodes only). */
  offsetSeconds?: number;
}

export type StreamPlan =
  | { kind: 'original' }
  | { kind: 'transcode'; codec: StreamCodec; kbps: number | null; offset: number };

export type TranscodePlan = Extract<StreamPlan, { kind: 'transcode' }>;

/** The `audio.format` of an original that already is the codec asked for. */
const FAMILY: Record<StreamCodec, string> = {
  mp3: 'MP3',
  aac: 'AAC',
  opus: 'OPUS',
  ogg: 'OGG',
  flac: 'FLAC',
};

/**
 * Bitrates a cap is rounded down to: a client asking 100 kbps gets 96, so the cache holds a few
 * versions of a track rather than one per number a client ever sent.
 */
export const BITRATES = [32, 48, 64, 96, 128, 160, 192, 256, 320] as const;

/** Vorbis quality per ladder bitrate (about those kbps for stereo 44.1 kHz; the web app: q8). */
const VORBIS_QUALITY: Record<number, number> = {
  32: -1,
  48: -1,
  64: 0,
  96: 2,
  128: 4,
  160: 5,
  192: 6,
  256: 8,
  320: 9,
};

interface Encoder {
  /** The web app's own format and bitrate: an uncapped, unshifted stream shares its cache. */
  web: TranscodeFormat | null;
  defaultKbps: number | null;
  codec(kbps: number | null): string[];
  extension: string;
  mime: string;
  streamable: boolean;
}

// The same containers and flags as server/media/transcode-args.ts, with the bitrate chosen.
const ENCODERS: Record<StreamCodec, Encoder> = {
  mp3: {
    web: 'MP3_320',
    defaultKbps: 320,
    codec: (k) => ['-c:a', 'libmp3lame', '-b:a', `${k}k`, '-id3v2_version', '3', '-f', 'mp3'],
    extension: 'mp3',
    mime: 'audio/mpeg',
    streamable: true,
  },
  aac: {
    web: 'AAC',
    defaultKbps: 256,
    codec: (k) => [
      ...['-c:a', 'aac', '-b:a', `${k}k`],
      ...['-movflags', '+frag_keyframe+empty_moov', '-f', 'ipod'],
    ],
    extension: 'm4a',
    mime: 'audio/mp4',
    streamable: true,
  },
  opus: {
    web: null,
    defaultKbps: 192,
    codec: (k) => ['-c:a', 'libopus', '-b:a', `${k}k`, '-f', 'ogg'],
    extension: 'opus',
    mime: 'audio/ogg',
    streamable: true,
  },
  ogg: {
    web: 'OGG',
    defaultKbps: 256,
    // Quality, not bitrate: libvorbis refuses high managed bitrates for mono sources.
    codec: (k) => ['-c:a', 'libvorbis', '-q:a', String(VORBIS_QUALITY[k ?? 256] ?? 8), '-f', 'ogg'],
    extension: 'ogg',
    mime: 'audio/ogg',
    streamable: true,
  },
  // Lossless: a bitrate means nothing; the header is patched at the end, so a file is written.
  flac: {
    web: 'FLAC',
    defaultKbps: null,
    codec: () => ['-c:a', 'flac', '-f', 'flac'],
    extension: 'flac',
    mime: 'audio/flac',
    streamable: false,
  },
};

const unplayable = new Set<string>(UNPLAYABLE_IN_BROWSER);

/** The highest ladder bitrate not above `kbps` (the lowest one when `kbps` is below them all). */
export function ladderBitrate(kbps: number): number {
  return [...BITRATES].reverse().find((b) => b <= kbps) ?? BITRATES[0];
}

/**
 * Whether and how to convert, for every playback stream: `original` is the original; a codec
 * other than the original's, or an original above the cap, is transcoded (MP3 unless a codec was
 * asked); originals phones and browsers rarely play (ALAC, AIFF, WMA) go out as MP3 320, as the
 * web app's player always had them. The offset applies to transcodes only.
 */
export function planStream(
  options: StreamOptions,
  original: { format: string; bitrate: number | null },
): StreamPlan {
  const asked = options.format;
  if (asked === 'original') return { kind: 'original' };
  const cap = (options.maxKbps ?? 0) > 0 ? (options.maxKbps ?? null) : null;
  const overCap = cap !== null && original.bitrate !== null && original.bitrate > cap * 1000;
  const convert =
    asked === undefined
      ? overCap || unplayable.has(original.format)
      : FAMILY[asked] !== original.format || (overCap && asked !== 'flac');
  if (!convert) return { kind: 'original' };
  const codec = asked ?? 'mp3';
  const { defaultKbps } = ENCODERS[codec];
  const kbps =
    defaultKbps === null
      ? null
      : ladderBitrate(cap === null ? defaultKbps : Math.min(cap, defaultKbps));
  return { kind: 'transcode', codec, kbps, offset: Math.max(0, options.offsetSeconds ?? 0) };
}

/**
 * The transcoder job for a plan: the web app's download format job (and cache entry) when it is
 * the same thing, else one keyed by codec, bitrate and offset in the same content-addressed
 * cache. The offset is an input seek (`-ss` before `-i`): fast, and the output starts at 0.
 */
export function streamJob(input: string, plan: TranscodePlan): TranscodeJob {
  const encoder = ENCODERS[plan.codec];
  if (encoder.web !== null && plan.offset === 0 && plan.kbps === encoder.defaultKbps)
    return formatJob(input, encoder.web);
  return {
    // The key's first word predates this plan's move out of /rest: kept, so results already
    // cached are found again.
    kind: `subsonic-1-${plan.codec}-${plan.kbps ?? 'lossless'}-${plan.offset}`,
    extension: encoder.extension,
    mime: encoder.mime,
    streamable: encoder.streamable,
    args: (output, from = input) => [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
      ...(plan.offset > 0 ? ['-ss', plan.offset.toFixed(3)] : []),
      ...['-i', from, '-map_metadata', '0', '-vn'],
      ...encoder.codec(plan.kbps),
      ...['-y', encoder.streamable ? 'pipe:1' : output],
    ],
  };
}

/** How long a plan's result plays, to pace it: a shifted transcode is shorter than the track. */
export function playingSeconds(plan: StreamPlan, duration: number): number | null {
  const seconds = plan.kind === 'transcode' ? duration - plan.offset : duration;
  return seconds > 0 ? seconds : null;
}
