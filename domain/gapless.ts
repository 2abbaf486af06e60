import { z } from 'zod';
import type { Track } from './track';

/**
 * Sample-accurate gapless playback (issue 33 §1, decisions 0052 and 0060): the server sends each
 * track in a form Media Source takes (FLAC in fragmented MP4 for lossless originals, the lossy
 * original's own frames otherwise, with where its samples lie), and the player appends them to
 * one MediaSource track after track, each cut to its own samples.
 */

/**
 * What `GET /downloader/gapless/{fileId}` answers for a lossless original, a preview, or a lossy
 * original the server cannot pass on as it is: the track decoded to FLAC in fragmented MP4.
 */
export const GAPLESS_MIME = 'audio/mp4; codecs="flac"';

/**
 * What it answers for a lossy original (decision 0060): the original's own frames, passed on
 * unchanged in a container Media Source takes. MP3 goes as MPEG audio (its frames without tags),
 * AAC and Opus in fragmented MP4, Vorbis in WebM.
 */
export const REMUX_MIMES = {
  mp3: 'audio/mpeg',
  aac: 'audio/mp4; codecs="mp4a.40.2"',
  opus: 'audio/mp4; codecs="opus"',
} as const;

/**
 * The response header that says where the track's own samples lie in what the decoder puts out
 * for the stream's first frame on: `skip` samples of encoder delay first, then `valid` samples of
 * the track, at `rate` per second. Absent on the FLAC stream, which holds exactly the track.
 */
export const GAPLESS_TRIM_HEADER = 'gapless-trim';

export interface GaplessTrim {
  skip: number;
  valid: number;
  rate: number;
}

export const formatTrim = (trim: GaplessTrim): string =>
  `skip=${trim.skip}; valid=${trim.valid}; rate=${trim.rate}`;

/** The header's value, or null when it is absent or malformed (the stream is then taken whole). */
export function parseTrim(value: string | null): GaplessTrim | null {
  const match = /^skip=(\d{1,9}); valid=(\d{1,12}); rate=(\d{4,6})$/.exec(value ?? '');
  if (!match) return null;
  const [skip, valid, rate] = match.slice(1).map(Number) as [number, number, number];
  return valid > 0 && rate > 0 ? { skip, valid, rate } : null;
}

/** How a track meets the SourceBuffer: the first one, after a change of type, or as the one before. */
export type DecoderStart = 'new' | 'changed' | 'continued';

/**
 * How a browser's decoder itself shifts a track it plays from the original's frames, in samples.
 * `earlier`: place the first frame this much later (the decoder leaves these out by itself: not
 * skipped twice); `longer`: let this much more through the append window's end (the decoder eats
 * it at the front). Measured by captured sound in Chromium (e2e/player-gapless-samples.spec.ts):
 * a new MPEG audio decoder (first track, or a change of type) drops its own 529-sample delay from
 * the front; an AAC track puts out one 1,024-sample frame early, except right after a change of
 * type. FLAC and Opus: none.
 */
export function decoderShift(
  mime: string,
  start: DecoderStart,
): { earlier: number; longer: number } {
  if (mime === 'audio/mpeg' && start !== 'continued') return { earlier: 529, longer: 529 };
  if (mime.includes('mp4a.40') && start !== 'changed') return { earlier: 1024, longer: 0 };
  return { earlier: 0, longer: 0 };
}

/**
 * Below this speed limit (bytes per second) a role cannot stream FLAC in real time (44.1 kHz
 * 16-bit stereo FLAC runs at 90-110 kB/s, with headroom for louder music): the server answers
 * 409 and the player keeps the two-element hand-over.
 */
export const GAPLESS_MIN_BYTES_PER_SECOND = 200_000;

const flag = z.enum(['true', 'false']).optional();

/**
 * GET /downloader/gapless/{fileId}?preview=&again=: `preview` the 30 s clip (the same window as
 * `/downloader/preview`), `again` a refetch after a seek, which is not counted as a play.
 */
export const GaplessQuerySchema = z
  .object({ preview: flag, again: flag })
  .transform((q) => ({ preview: q.preview === 'true', again: q.again === 'true' }));

/** The gapless stream of a library file: its preview clip or the full track. */
export function gaplessUrl(fileId: number, isPreview: boolean, again = false): string {
  const query = [isPreview ? 'preview=true' : '', again ? 'again=true' : ''].filter(Boolean);
  return `/downloader/gapless/${fileId}${query.length ? `?${query.join('&')}` : ''}`;
}

/**
 * The player's gapless setting (decisions 0052 and 0060): `tracks`, the default, plays every full
 * track gapless at its own size (lossless as FLAC, lossy originals as their own frames);
 * `always` also previews (as FLAC); `off` keeps the two-element hand-over (decision 0029).
 */
export const GAPLESS_MODES = ['tracks', 'always', 'off'] as const;
export type GaplessMode = (typeof GAPLESS_MODES)[number];

/**
 * A stored value as a mode: `on`, the older switch's value, is `always`; `lossless`, the older
 * default, is the new default; anything else the default.
 */
export function gaplessMode(stored: string | null | undefined): GaplessMode {
  if (stored === 'on') return 'always';
  return GAPLESS_MODES.find((mode) => mode === stored) ?? 'tracks';
}

/**
 * Whether `track` plays on the gapless deck under `mode`. A preview is a clip from the middle of
 * its track, so previews never join one another: in the default mode they keep their small MP3.
 */
export function playsGapless(mode: GaplessMode, track: Track): boolean {
  if (track.fileId === undefined || mode === 'off') return false;
  return mode === 'always' || !track.isPreview;
}
