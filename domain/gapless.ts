import { z } from 'zod';
import type { Track } from './track';

/**
 * Sample-accurate gapless playback (issue 33 §1, decision 0052): the server decodes a track once
 * (honouring its encoder delay and padding) and sends it as FLAC in fragmented MP4, which the
 * player appends to one MediaSource track after track.
 */

/** What `GET /downloader/gapless/{fileId}` answers, and the SourceBuffer type the player asks for. */
export const GAPLESS_MIME = 'audio/mp4; codecs="flac"';

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
 * The player's gapless setting (decision 0052, "On by default"): `lossless`, the default, plays
 * gapless every full track whose original is lossless, where the FLAC stream costs no more
 * bytes than the file itself; `always` also lossy originals (sent as FLAC, about 3× their
 * bytes) and previews; `off` keeps the two-element hand-over (decision 0029).
 */
export const GAPLESS_MODES = ['lossless', 'always', 'off'] as const;
export type GaplessMode = (typeof GAPLESS_MODES)[number];

/** A stored value as a mode: `on`, the older switch's value, is `always`; the rest the default. */
export function gaplessMode(stored: string | null | undefined): GaplessMode {
  if (stored === 'on') return 'always';
  return GAPLESS_MODES.find((mode) => mode === stored) ?? 'lossless';
}

/**
 * Whether `track` plays on the gapless deck under `mode`. A preview is a clip from the middle of
 * its track, so previews never join one another: in the default mode they keep their small MP3.
 */
export function playsGapless(mode: GaplessMode, track: Track): boolean {
  if (track.fileId === undefined || mode === 'off') return false;
  return mode === 'always' || (track.lossless === true && !track.isPreview);
}
