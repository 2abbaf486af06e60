import { basename, extname } from 'node:path';
import { parseFile, type IAudioMetadata, type IPicture } from 'music-metadata';

/** What the import keeps of one audio file's tags and stream properties. */
export interface TrackInfo {
  title: string;
  artists: string[];
  album: string | null;
  albumArtist: string | null;
  label: string | null;
  genres: string[];
  bpm: number | null;
  releaseDate: string | null;
  trackNumber: number | null;
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

// Artist names may hold "&", "/" or "," ("Simon & Garfunkel", "AC/DC"), so only unambiguous
// separators split them; genre lists are split on the usual list separators.
const ARTIST_SEPARATORS = /\s*;\s*|\s+(?:feat\.?|ft\.)\s+/i;
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

function positive(value: number | undefined): number | null {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : null;
}

/** Reads tags and stream properties; throws when the file cannot be parsed as audio. */
export async function readTrackInfo(path: string): Promise<TrackInfo> {
  const meta = await parseFile(path, { duration: true, skipCovers: false });
  const duration = meta.format.duration ?? 0;
  if (!meta.format.container && !meta.format.codec) throw new Error('not a recognised audio file');
  if (!(duration > 0)) throw new Error('audio has no duration');
  const { common } = meta;
  const artists = splitValues(
    common.artists ?? (common.artist ? [common.artist] : []),
    ARTIST_SEPARATORS,
  );
  const bitrate = positive(meta.format.bitrate);
  return {
    title: common.title?.trim() || basename(path, extname(path)),
    artists,
    album: common.album?.trim() || null,
    albumArtist: common.albumartist?.trim() || null,
    label: common.label?.[0]?.trim() || null,
    genres: splitValues(common.genre, GENRE_SEPARATORS),
    bpm: positive(common.bpm),
    releaseDate: releaseDate(meta),
    trackNumber: common.track.no ?? null,
    format: formatName(meta, path),
    codec: meta.format.codec ?? null,
    bitrate: bitrate === null ? null : Math.round(bitrate),
    sampleRate: positive(meta.format.sampleRate),
    bitDepth: positive(meta.format.bitsPerSample),
    duration,
    cover: common.picture?.[0] ?? null,
  };
}
