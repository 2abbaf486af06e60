import { basename, extname } from 'node:path';
import { parseFile, type IAudioMetadata, type IPicture } from 'music-metadata';
import { isAudioExtension } from '../../domain/audio-format';
import type { Lyrics } from '../../domain/lyrics';
import {
  nativeLookup,
  readAlbumArtistCredits,
  readTrackArtistCredits,
  texts,
  type ArtistCredit,
} from './artist-credits';
import { embeddedLyrics, sidecarLyrics } from './lyrics-files';
import { measureDuration } from './measure-duration';
import { oggFlacMetadata } from './ogg-flac-metadata';
import { replayGain } from './replay-gain-tags';
import { fileInfo } from '../storage/folder-reads';

// Importers take every tag-reading type from here; the credit type lives with its reader.
export type { ArtistCredit };

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

export const isAudioPath = (path: string): boolean => isAudioExtension(extname(path));

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

function isTrue(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1;
  return typeof value === 'string' && /^(?:1|true|yes)$/i.test(value.trim());
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
    bitrate ??= ((await fileInfo(path)).size * 8) / duration;
  }
  const { common } = meta;
  const native = nativeLookup(meta);
  const artistCredits = readTrackArtistCredits(native, common);
  const albumArtistCredits = readAlbumArtistCredits(native, common);
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
    ...replayGain(native),
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
