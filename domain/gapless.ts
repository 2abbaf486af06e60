import { z } from 'zod';

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
