import {
  planStream as planPlayback,
  streamJob,
  type StreamCodec,
  type StreamOptions,
  type StreamPlan,
} from '../media';

/** `format`, `maxBitRate` (kbps, 0 = no limit) and `timeOffset` (seconds) of a stream call. */
export interface StreamAsk {
  format: string | undefined;
  maxBitRate: number;
  timeOffset: number;
}

/** Subsonic's format names as the media module's codecs; `raw` is the original. */
const FORMATS: Readonly<Record<string, StreamCodec | 'original'>> = {
  mp3: 'mp3',
  aac: 'aac',
  m4a: 'aac',
  opus: 'opus',
  ogg: 'ogg',
  oga: 'ogg',
  vorbis: 'ogg',
  flac: 'flac',
  raw: 'original',
};

/**
 * A stream call's parameters in the media module's words (stream-plan.ts decides with them, for
 * /rest as for the web app). A format this table does not name asks for nothing in particular.
 */
export function streamOptions(ask: StreamAsk): StreamOptions {
  const name = ask.format?.toLowerCase();
  return {
    format: name !== undefined && Object.hasOwn(FORMATS, name) ? FORMATS[name] : undefined,
    maxKbps: ask.maxBitRate > 0 ? ask.maxBitRate : null,
    offsetSeconds: ask.timeOffset,
  };
}

/** What the media module plans for a stream call (what `format`, `maxBitRate` end up as). */
export const planStream = (
  ask: StreamAsk,
  original: { format: string; bitrate: number | null },
): StreamPlan => planPlayback(streamOptions(ask), original);

export { streamJob };
