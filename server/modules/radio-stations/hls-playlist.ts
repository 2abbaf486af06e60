/**
 * HLS playlists (RFC 8216) as a station serves them: a master playlist naming variants, or a
 * media playlist naming segments. Pure, so the parsing and the variant choice are unit-tested.
 */

export interface HlsVariant {
  url: string;
  /** BANDWIDTH, bits per second; null when the playlist leaves it out. */
  bandwidth: number | null;
}

export interface HlsSegment {
  /** Media sequence number: segments are fetched in this order, each once. */
  sequence: number;
  url: string;
}

export interface MediaPlaylist {
  kind: 'media';
  targetSeconds: number;
  segments: HlsSegment[];
  /** #EXT-X-ENDLIST: no segment will be added (a recording, not a live station). */
  ended: boolean;
  /** #EXT-X-MAP: fragmented MP4 segments, which the relay does not play. */
  fragmentedMp4: boolean;
  /** #EXT-X-KEY with a METHOD other than NONE. */
  encrypted: boolean;
}

export type HlsPlaylist = { kind: 'master'; variants: HlsVariant[] } | MediaPlaylist;

/** Below this a variant is too poor to listen to when a better one is offered. */
export const MIN_VARIANT_BANDWIDTH = 64_000;

/** Attribute values of a tag line: BANDWIDTH=96000,CODECS="mp4a.40.2" -> { BANDWIDTH: ... }. */
function attributes(line: string): Map<string, string> {
  const found = new Map<string, string>();
  const list = line.slice(line.indexOf(':') + 1);
  for (const match of list.matchAll(/([A-Z0-9-]+)=("[^"]*"|[^,]*)/g))
    found.set(match[1]!, match[2]!.replace(/^"|"$/g, ''));
  return found;
}

function absolute(uri: string, base: string): string | null {
  try {
    return new URL(uri, base).href;
  } catch {
    return null;
  }
}

/** Parses a playlist fetched from `base`; null when the text is not an HLS playlist. */
export function parseHls(text: string, base: string): HlsPlaylist | null {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (lines[0] !== '#EXTM3U') return null;
  const variants: HlsVariant[] = [];
  const segments: HlsSegment[] = [];
  let sequence = 0;
  let targetSeconds = 0;
  let ended = false;
  let fragmentedMp4 = false;
  let encrypted = false;
  let pendingVariant: number | null | undefined;
  let pendingSegment = false;
  for (const line of lines.slice(1)) {
    if (line.startsWith('#EXT-X-STREAM-INF')) {
      const bandwidth = Number(attributes(line).get('BANDWIDTH'));
      pendingVariant = Number.isFinite(bandwidth) && bandwidth > 0 ? bandwidth : null;
    } else if (line.startsWith('#EXT-X-TARGETDURATION:')) {
      targetSeconds = Number(line.slice(line.indexOf(':') + 1)) || 0;
    } else if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) {
      sequence = Number.parseInt(line.slice(line.indexOf(':') + 1), 10) || 0;
    } else if (line.startsWith('#EXT-X-ENDLIST')) {
      ended = true;
    } else if (line.startsWith('#EXT-X-MAP')) {
      fragmentedMp4 = true;
    } else if (line.startsWith('#EXT-X-KEY')) {
      if ((attributes(line).get('METHOD') ?? 'NONE') !== 'NONE') encrypted = true;
    } else if (line.startsWith('#EXTINF')) {
      pendingSegment = true;
    } else if (!line.startsWith('#')) {
      const url = absolute(line, base);
      if (pendingVariant !== undefined) {
        if (url) variants.push({ url, bandwidth: pendingVariant });
        pendingVariant = undefined;
      } else if (pendingSegment) {
        if (url) segments.push({ sequence, url });
        sequence += 1;
        pendingSegment = false;
      }
    }
  }
  if (variants.length > 0) return { kind: 'master', variants };
  if (targetSeconds <= 0 && segments.length === 0) return null;
  return {
    kind: 'media',
    targetSeconds: targetSeconds > 0 ? targetSeconds : 10,
    segments,
    ended,
    fragmentedMp4,
    encrypted,
  };
}

/**
 * The variant a relay plays: the lowest bandwidth of at least 64 kbit/s (enough to listen to,
 * no more data than that), else the best one offered; the only one when there is one.
 */
export function chooseVariant(variants: HlsVariant[]): HlsVariant | null {
  if (variants.length <= 1) return variants[0] ?? null;
  const known = variants.filter((v) => v.bandwidth !== null);
  const enough = known
    .filter((v) => v.bandwidth! >= MIN_VARIANT_BANDWIDTH)
    .sort((a, b) => a.bandwidth! - b.bandwidth!);
  if (enough[0]) return enough[0];
  const best = [...known].sort((a, b) => b.bandwidth! - a.bandwidth!)[0];
  return best ?? variants[0]!;
}

/** Where a live playlist is joined: three segments from its end (RFC 8216 6.3.3). */
export function startingSegments(playlist: MediaPlaylist): HlsSegment[] {
  return playlist.ended ? playlist.segments : playlist.segments.slice(-3);
}

export type SegmentFormat = 'mpegts' | 'adts' | 'mp3' | 'fmp4' | 'unknown';

/** The length of the ID3v2 tags at the start of `data` (packed audio segments start with one). */
export function id3Length(data: Buffer): number {
  let at = 0;
  while (data.length >= at + 10 && data.toString('latin1', at, at + 3) === 'ID3') {
    const size =
      ((data[at + 6]! & 0x7f) << 21) |
      ((data[at + 7]! & 0x7f) << 14) |
      ((data[at + 8]! & 0x7f) << 7) |
      (data[at + 9]! & 0x7f);
    const footer = (data[at + 5]! & 0x10) !== 0 ? 10 : 0;
    at += 10 + size + footer;
  }
  return Math.min(at, data.length);
}

/** What a segment holds, from its first bytes. */
export function segmentFormat(data: Buffer): SegmentFormat {
  if (data[0] === 0x47 && (data.length <= 188 || data[188] === 0x47)) return 'mpegts';
  const box = data.toString('latin1', 4, 8);
  if (['ftyp', 'styp', 'moof', 'sidx'].includes(box)) return 'fmp4';
  const at = id3Length(data);
  const [b0, b1] = [data[at], data[at + 1]];
  if (b0 !== 0xff || b1 === undefined) return 'unknown';
  if ((b1 & 0xf6) === 0xf0) return 'adts';
  if ((b1 & 0xe0) === 0xe0) return 'mp3';
  return 'unknown';
}
