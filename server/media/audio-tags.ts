import { open, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import {
  parseBuffer,
  parseFile,
  type IAudioMetadata,
  type IPicture,
  type ITag,
} from 'music-metadata';
import type { Lyrics } from '../../domain/lyrics';
import { embeddedLyrics, sidecarLyrics } from './lyrics-files';
import { measureDuration } from './measure-duration';

/** One credited artist as tagged: the name, and when the tags give them, sort name and MBID. */
export interface ArtistCredit {
  name: string;
  sortName: string | null;
  /** MusicBrainz artist id. */
  mbid: string | null;
}

/** What the import keeps of one audio file's tags and stream properties. */
export interface TrackInfo {
  title: string;
  /** The track artists' names in tag order (the names of `artistCredits`). */
  artists: string[];
  artistCredits: ArtistCredit[];
  album: string | null;
  /** The first album artist's name. */
  albumArtist: string | null;
  /** Empty when the file has no album artist tag. */
  albumArtistCredits: ArtistCredit[];
  compilation: boolean;
  label: string | null;
  genres: string[];
  bpm: number | null;
  releaseDate: string | null;
  trackNumber: number | null;
  discNumber: number | null;
  discCount: number | null;
  discSubtitle: string | null;
  /** ReplayGain, dB. */
  trackGain: number | null;
  /** The track's sample peak, dBFS. */
  trackPeak: number | null;
  albumGain: number | null;
  albumPeak: number | null;
  /** A sidecar .lrc/.txt beside the file, else the embedded lyrics. */
  lyrics: Lyrics | null;
  /** Display name of the container/codec, e.g. "FLAC", "MP3", "ALAC". */
  format: string;
  codec: string | null;
  bitrate: number | null;
  sampleRate: number | null;
  bitDepth: number | null;
  duration: number;
  cover: IPicture | null;
}

export const AUDIO_EXTENSIONS = new Set([
  '.mp3',
  '.flac',
  '.ogg',
  '.oga',
  '.opus',
  '.m4a',
  '.mp4',
  '.aac',
  '.wav',
  '.aif',
  '.aiff',
  '.wma',
  '.alac',
]);

export const isAudioPath = (path: string): boolean =>
  AUDIO_EXTENSIONS.has(extname(path).toLowerCase());

function formatName(meta: IAudioMetadata, path: string): string {
  const codec = meta.format.codec ?? '';
  if (/alac/i.test(codec)) return 'ALAC';
  if (/aac|mp4a/i.test(codec)) return 'AAC';
  if (/mpeg.*layer 3|mp3/i.test(codec)) return 'MP3';
  if (/flac/i.test(codec)) return 'FLAC';
  if (/vorbis/i.test(codec)) return 'OGG';
  if (/opus/i.test(codec)) return 'OPUS';
  if (/windows media|wma/i.test(codec)) return 'WMA';
  const container = meta.format.container ?? '';
  if (/aiff/i.test(container)) return 'AIFF';
  if (/wav/i.test(container)) return 'WAV';
  return extname(path).slice(1).toUpperCase() || 'UNKNOWN';
}

// Genre lists are split on the usual list separators. Artist names never are: "Simon &
// Garfunkel", "AC/DC" and "A feat. B" are one name each; several artists come only from
// several values of a tag.
const GENRE_SEPARATORS = /\s*[;,/]\s*/;

function splitValues(values: readonly string[] | undefined, separators: RegExp): string[] {
  const names = (values ?? []).flatMap((v) => v.split(separators));
  return [...new Set(names.map((n) => n.trim()).filter(Boolean))];
}

function releaseDate(meta: IAudioMetadata): string | null {
  const raw =
    meta.common.date ??
    meta.common.originaldate ??
    (meta.common.year ? String(meta.common.year) : '');
  const match = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(raw);
  if (!match) return null;
  return `${match[1]}-${match[2] ?? '01'}-${match[3] ?? '01'}`;
}

function positive(value: number | null | undefined): number | null {
  return value !== undefined && value !== null && Number.isFinite(value) && value > 0
    ? value
    : null;
}

/** music-metadata's tag types, best first (its own order, common/MetadataCollector.js). */
const TAG_PRIORITY = [
  'matroska',
  'APEv2',
  'vorbis',
  'ID3v2.4',
  'ID3v2.3',
  'ID3v2.2',
  'exif',
  'asf',
  'iTunes',
  'AIFF',
  'ID3v1',
];

/**
 * music-metadata splits ID3v2.3 TPE1 and TXXX values on "/" (v2.3's separator for several
 * artists, and Picard's flattening), which breaks "AC/DC". Unless the frame used null
 * separators instead (music-metadata warns of those), the parts are joined back: several
 * artists come only from separate values.
 */
function unsplitId3v23(tags: readonly ITag[], warnings: readonly string[]): ITag[] {
  const nullSeparated = (frame: string) =>
    warnings.includes(`ID3v2.3 ${frame} uses non standard null-separator.`);
  const joined: ITag[] = [];
  for (const tag of tags) {
    const frame = tag.id.split(':')[0] ?? '';
    const last = joined[joined.length - 1];
    const slashSplit = (frame === 'TPE1' || frame === 'TXXX') && !nullSeparated(frame);
    if (slashSplit && last?.id === tag.id && typeof last.value === 'string') {
      joined[joined.length - 1] = { id: tag.id, value: `${last.value}/${String(tag.value)}` };
    } else {
      joined.push(tag);
    }
  }
  return joined;
}

/** A native tag id as one name across formats: no TXXX:/freeform prefix, upper case. */
const fieldName = (id: string): string =>
  id.replace(/^(?:TXXX|----:com\.apple\.iTunes):/i, '').toUpperCase();

/** The values of the named native tags, from the best tag type that has any of them. */
type NativeLookup = (names: readonly string[]) => unknown[];

function nativeLookup(meta: IAudioMetadata): NativeLookup {
  const rank = (type: string) => {
    const at = TAG_PRIORITY.indexOf(type);
    return at < 0 ? TAG_PRIORITY.length : at;
  };
  const warnings = meta.quality.warnings.map((w) => w.message);
  const types = Object.keys(meta.native)
    .sort((a, b) => rank(a) - rank(b))
    .map((type) => {
      const tags = meta.native[type] ?? [];
      const read = type === 'ID3v2.3' ? unsplitId3v23(tags, warnings) : tags;
      return read.map((tag) => ({ name: fieldName(tag.id), value: tag.value }));
    });
  return (names) => {
    const wanted = new Set(names);
    for (const tags of types) {
      const values = tags.filter((tag) => wanted.has(tag.name)).map((tag) => tag.value);
      if (values.length > 0) return values;
    }
    return [];
  };
}

/** The non-empty, trimmed strings among native values. */
function texts(values: readonly unknown[]): string[] {
  return values
    .filter((value): value is string => typeof value === 'string')
    .map((value) => value.trim())
    .filter(Boolean);
}

/** Native names of each credit field, in every format music-metadata reads (normalised). */
const TRACK_ARTIST_TAGS = {
  display: ['ARTIST', 'TPE1', 'TP1', '©ART', 'AUTHOR'],
  multi: ['ARTISTS', 'WM/ARTISTS'],
  sort: ['ARTISTSORT', 'TSOP', 'SOAR', 'ARTIST SORT', 'WM/ARTISTSORTORDER'],
  multiSort: ['ARTISTS_SORT', 'ARTISTSSORT'],
  mbid: ['MUSICBRAINZ_ARTISTID', 'MUSICBRAINZ ARTIST ID', 'MUSICBRAINZ/ARTIST ID'],
};
const ALBUM_ARTIST_TAGS = {
  display: ['ALBUMARTIST', 'ALBUM ARTIST', 'TPE2', 'TP2', 'AART', 'WM/ALBUMARTIST'],
  multi: ['ALBUMARTISTS'],
  sort: ['ALBUMARTISTSORT', 'TSO2', 'SOAA', 'ALBUM ARTIST SORT', 'WM/ALBUMARTISTSORTORDER'],
  multiSort: ['ALBUMARTISTS_SORT', 'ALBUMARTISTSSORT'],
  mbid: ['MUSICBRAINZ_ALBUMARTISTID', 'MUSICBRAINZ ALBUM ARTIST ID', 'MUSICBRAINZ/ALBUM ARTIST ID'],
};

/**
 * Credits from a display tag (ARTIST), its multi-value form (ARTISTS, preferred: "A feat. B"
 * is displayed, [A, B] are credited), sort names and MusicBrainz ids. Sort names and ids are
 * paired with names by position, so only a list as long as the names is used: a lone sort
 * name for "A feat. B" says nothing about A or B. Names are deduplicated ignoring case.
 */
function credits(
  native: NativeLookup,
  tags: typeof TRACK_ARTIST_TAGS,
  fallback: readonly string[],
): ArtistCredit[] {
  const multi = texts(native(tags.multi));
  const display = texts(native(tags.display));
  const names = multi.length > 0 ? multi : display.length > 0 ? display : texts(fallback);
  const sorts =
    [texts(native(tags.multiSort)), texts(native(tags.sort))].find(
      (list) => list.length === names.length,
    ) ?? [];
  // Ids are UUIDs: Picard's flattened lists ("id1/id2", "id1; id2") can be split safely.
  const ids = texts(native(tags.mbid)).flatMap((value) => texts(value.split(/[/;,\s]+/)));
  const mbids = ids.length === names.length ? ids : [];
  const seen = new Set<string>();
  const result: ArtistCredit[] = [];
  names.forEach((name, i) => {
    const key = name.toLocaleLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    result.push({ name, sortName: sorts[i] ?? null, mbid: mbids[i] ?? null });
  });
  return result;
}

function isTrue(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1;
  return typeof value === 'string' && /^(?:1|true|yes)$/i.test(value.trim());
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** A ReplayGain gain ("-6.50 dB"), in dB. */
function gain(values: readonly unknown[]): number | null {
  const value = Number.parseFloat(texts(values)[0] ?? '');
  return Number.isFinite(value) ? round2(value) : null;
}

/** A ReplayGain peak, a linear sample peak ("0.988553") by the spec, in dBFS. */
function peak(values: readonly unknown[]): number | null {
  const text = texts(values)[0] ?? '';
  const value = Number.parseFloat(text);
  // A few tools write the peak in dB already.
  const dbfs = /db\s*$/i.test(text) ? value : 20 * Math.log10(value);
  return Number.isFinite(dbfs) ? round2(dbfs) : null;
}

const LYRICS_TAGS = [
  'LYRICS',
  'UNSYNCEDLYRICS',
  'UNSYNCED LYRICS',
  'USLT',
  'SYLT',
  'ULT',
  'SLT',
  '©LYR',
  'WM/LYRICS',
];

/** A discsubtitle that music-metadata types as a list but gives as a string. */
function firstText(value: unknown): string | null {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim() !== '' ? first.trim() : null;
}

/**
 * The header packets of the first Ogg stream: an array once `complete` says they are all
 * there, null when `bytes` ends first.
 */
function oggHeaderPackets(
  bytes: Buffer,
  complete: (packets: Buffer[]) => boolean,
): Buffer[] | null {
  const packets: Buffer[] = [];
  let partial: Buffer[] = [];
  let serial: number | null = null;
  let offset = 0;
  while (offset + 27 <= bytes.length && bytes.toString('latin1', offset, offset + 4) === 'OggS') {
    const segments = bytes[offset + 26] ?? 0;
    const lacing = bytes.subarray(offset + 27, offset + 27 + segments);
    const end = lacing.reduce((sum, size) => sum + size, offset + 27 + segments);
    if (end > bytes.length) return null;
    const pageSerial = bytes.readUInt32LE(offset + 14);
    serial ??= pageSerial;
    let at = offset + 27 + segments;
    for (const size of pageSerial === serial ? lacing : []) {
      partial.push(bytes.subarray(at, at + size));
      at += size;
      // A lacing value under 255 ends the packet.
      if (size < 255) {
        packets.push(Buffer.concat(partial));
        partial = [];
        if (complete(packets)) return packets;
      }
    }
    offset = end;
  }
  return null;
}

const FLAC_LAST_BLOCK = 0x80;
/** Header packets beyond this are not tags worth reading (covers are a few MB at most). */
const MAX_OGG_FLAC_HEADER = 16 * 1024 * 1024;

/**
 * music-metadata reads only the STREAMINFO of FLAC in Ogg, not the header packets after it
 * (Vorbis comment, pictures). Those packets are FLAC metadata blocks as in a .flac file
 * (xiph.org's Ogg mapping for FLAC), so they are put back together as one ("fLaC", then the
 * blocks) and read as such; the stream properties stay those of the Ogg parse.
 */
async function oggFlacMetadata(
  path: string,
  parsed: IAudioMetadata,
): Promise<IAudioMetadata | null> {
  const { container, codec } = parsed.format;
  if (container !== 'Ogg' || !/flac/i.test(codec ?? '') || Object.keys(parsed.native).length > 0)
    return null;
  // The first packet: 0x7F "FLAC", version, number of header packets after it, "fLaC", then
  // the STREAMINFO block (ends the header when it is the last block).
  const complete = (packets: Buffer[]) => {
    const first = packets[0];
    if (first === undefined || first.length < 17) return true;
    const count = first.readUInt16BE(7);
    const last = packets[packets.length - 1]!;
    const lastBlock = ((packets.length === 1 ? first[13] : last[0]) ?? 0) & FLAC_LAST_BLOCK;
    return count > 0 ? packets.length > count : lastBlock !== 0;
  };
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    for (let length = 256 * 1024; ; length *= 4) {
      const { buffer, bytesRead } = await file.read(Buffer.alloc(length), 0, length, 0);
      const packets = oggHeaderPackets(buffer.subarray(0, bytesRead), complete);
      if (packets !== null) {
        const [first, ...rest] = packets;
        if (first?.toString('latin1', 1, 5) !== 'FLAC') return null;
        const blocks = [first.subarray(13), ...rest].map((block) => Buffer.from(block));
        blocks.forEach((block, i) => {
          const flag = i === blocks.length - 1 ? FLAC_LAST_BLOCK : 0;
          block[0] = ((block[0] ?? 0) & ~FLAC_LAST_BLOCK) | flag;
        });
        const flac = Buffer.concat([Buffer.from('fLaC', 'latin1'), ...blocks]);
        const tags = await parseBuffer(flac, { mimeType: 'audio/flac' }, { skipCovers: false });
        return { ...tags, format: parsed.format };
      }
      if (bytesRead >= size || length >= MAX_OGG_FLAC_HEADER) return null;
    }
  } catch {
    // Tags that cannot be put back together leave the file as music-metadata read it.
    return null;
  } finally {
    await file.close();
  }
}

/**
 * The length of a file whose header holds none (FLAC written to a pipe, Ogg FLAC, a cut-off
 * Ogg stream), by decoding it; throws when there is no audio to play.
 */
async function measuredDuration(path: string): Promise<number> {
  let seconds: number;
  try {
    seconds = await measureDuration(path);
  } catch (error) {
    throw new Error(`audio has no duration: ${(error as Error).message}`);
  }
  if (!(seconds > 0)) throw new Error('audio has no duration');
  return seconds;
}

/**
 * Reads tags and stream properties, and the lyrics (a sidecar file, else the tags); throws
 * when the file cannot be parsed as audio or holds none.
 */
export async function readTrackInfo(path: string): Promise<TrackInfo> {
  const [parsed, sidecar] = await Promise.all([
    parseFile(path, { duration: true, skipCovers: false }),
    sidecarLyrics(path),
  ]);
  if (!parsed.format.container && !parsed.format.codec)
    throw new Error('not a recognised audio file');
  const meta = (await oggFlacMetadata(path, parsed)) ?? parsed;
  let duration = meta.format.duration ?? 0;
  let bitrate = positive(meta.format.bitrate);
  if (!(duration > 0)) {
    // Only files without a length in their header pay for the decode (and the stat).
    duration = await measuredDuration(path);
    bitrate ??= ((await stat(path)).size * 8) / duration;
  }
  const { common } = meta;
  const native = nativeLookup(meta);
  const artistCredits = credits(
    native,
    TRACK_ARTIST_TAGS,
    common.artists ?? (common.artist ? [common.artist] : []),
  );
  const albumArtistCredits = credits(
    native,
    ALBUM_ARTIST_TAGS,
    common.albumartists ?? (common.albumartist ? [common.albumartist] : []),
  );
  return {
    title: common.title?.trim() || basename(path, extname(path)),
    artists: artistCredits.map((credit) => credit.name),
    artistCredits,
    album: common.album?.trim() || null,
    albumArtist: albumArtistCredits[0]?.name ?? null,
    albumArtistCredits,
    compilation:
      common.compilation === true || native(['COMPILATION', 'TCMP', 'TCP', 'CPIL']).some(isTrue),
    label: common.label?.[0]?.trim() || null,
    genres: splitValues(common.genre, GENRE_SEPARATORS),
    bpm: positive(common.bpm),
    releaseDate: releaseDate(meta),
    trackNumber: common.track.no ?? null,
    discNumber: positive(common.disk.no),
    discCount: positive(common.disk.of),
    discSubtitle:
      texts(native(['DISCSUBTITLE', 'TSST', 'SETSUBTITLE']))[0] ?? firstText(common.discsubtitle),
    trackGain: gain(native(['REPLAYGAIN_TRACK_GAIN'])),
    trackPeak: peak(native(['REPLAYGAIN_TRACK_PEAK'])),
    albumGain: gain(native(['REPLAYGAIN_ALBUM_GAIN'])),
    albumPeak: peak(native(['REPLAYGAIN_ALBUM_PEAK'])),
    lyrics: sidecar ?? embeddedLyrics(native(LYRICS_TAGS)),
    format: formatName(meta, path),
    codec: meta.format.codec ?? null,
    bitrate: bitrate === null ? null : Math.round(bitrate),
    sampleRate: positive(meta.format.sampleRate),
    bitDepth: positive(meta.format.bitsPerSample),
    duration,
    cover: common.picture?.[0] ?? null,
  };
}
