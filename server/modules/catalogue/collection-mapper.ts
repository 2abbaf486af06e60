import type { ArtistRef } from '../../../domain/artist-ref';
import type {
  Audio,
  Collection,
  CollectionFile,
  CollectionFileInfo,
} from '../../../domain/collection';
import { parseJson, toBool } from '../../db/database';
import type { AudioRow, CollectionRow, FileRow } from '../../db/catalogue-tables';

/**
 * The collection columns the wire shape needs, as SQL. Internal columns (folder, import key,
 * search text) are never read for answers, so they cannot leak into them.
 */
export const COLLECTION_SQL_COLUMNS = [
  'collection_id',
  'name',
  'hidden',
  'tags',
  'price',
  'description',
  'image_hash',
  'added_at',
  'download_count',
  'play_count',
  'comment_group_id',
  'artists',
  'label',
  'genres',
  'bpm',
  'release_date',
  'duration',
  'format',
  'bitrate',
  'artist_refs',
  // Not on the wire: what access decides a collection's visibility by (its library).
  'library_id',
] as const;

export type CollectionWireRow = Pick<CollectionRow, (typeof COLLECTION_SQL_COLUMNS)[number]>;

/** `c.collection_id, c.name, ...` for the collection table aliased as `alias`. */
export const collectionColumns = (alias: string): string =>
  COLLECTION_SQL_COLUMNS.map((column) => `${alias}.${column}`).join(', ');

// PostgreSQL `real` and bigint-ish aggregates may come back as strings; the wire wants numbers.
const num = (value: number | string | null): number | null =>
  value === null ? null : Number(value);

export function toWireCollection(
  row: CollectionWireRow,
  unlockedUserId: number | null,
): Collection {
  return {
    collectionId: Number(row.collection_id),
    collectionName: row.name,
    collectionHidden: toBool(Number(row.hidden)),
    collectionTags: parseJson<string[]>(row.tags, []),
    collectionPrice: num(row.price),
    collectionDescription: row.description,
    collectionImageHash: row.image_hash,
    collectionAdded: row.added_at,
    // Sent to everyone; the client shows counts to administrators only (decision 0010).
    collectionDownloadCount: Number(row.download_count),
    collectionPlayCount: Number(row.play_count),
    commentGroupId: num(row.comment_group_id),
    unlockedCollectionUserId: unlockedUserId,
    collectionArtists: parseJson<ArtistRef[]>(row.artist_refs, []),
    audioArtists: parseJson<string[]>(row.artists, []),
    audioLabel: row.label,
    audioGenres: parseJson<string[]>(row.genres, []),
    audioBpm: num(row.bpm),
    audioReleaseDate: row.release_date,
    audioDuration: Number(row.duration),
    audioFormat: row.format,
    audioBitrate: num(row.bitrate),
  };
}

export type FileWireRow = Pick<
  FileRow,
  'file_id' | 'collection_id' | 'relative_path' | 'image_hash' | 'download_count' | 'size'
>;

export function toWireFile(row: FileWireRow): CollectionFileInfo {
  return {
    fileId: Number(row.file_id),
    // Only the path inside the collection's folder: the server path stays on the server.
    filePath: row.relative_path,
    fileImageHash: row.image_hash,
    fileDownloadCount: Number(row.download_count),
    fileSize: Number(row.size),
  };
}

export type AudioWireRow = Omit<
  AudioRow,
  | 'file_id'
  | 'album_artist'
  | 'codec'
  | 'waveform'
  | 'loudness_attempts'
  | 'compilation'
  | 'tags_version'
> & {
  /** 1 when the track has a lyrics row (a computed column). */
  has_lyrics: number | string;
};

export function toWireAudio(row: AudioWireRow): Audio {
  return {
    audioTitle: row.title,
    audioArtists: parseJson<string[]>(row.artists, []),
    audioArtistRefs: parseJson<ArtistRef[]>(row.artist_refs, []),
    audioAlbum: row.album,
    audioLabel: row.label,
    audioReleaseDate: row.release_date,
    audioGenres: parseJson<string[]>(row.genres, []),
    audioBpm: num(row.bpm),
    audioFormat: row.format,
    audioBitrate: num(row.bitrate),
    audioSampleRate: num(row.sample_rate),
    audioBitDepth: num(row.bit_depth),
    audioDuration: Number(row.duration),
    audioPlayCount: Number(row.play_count),
    audioTrackNumber: num(row.track_number),
    audioDiscNumber: num(row.disc_number),
    audioDiscCount: num(row.disc_count),
    audioDiscSubtitle: row.disc_subtitle,
    audioTrackGain: num(row.track_gain),
    audioTrackPeak: num(row.track_peak),
    audioAlbumGain: num(row.album_gain),
    audioAlbumPeak: num(row.album_peak),
    audioHasLyrics: Number(row.has_lyrics) === 1,
    audioLoudness: num(row.loudness),
    audioTruePeak: num(row.true_peak),
  };
}

/** A files-joined-audio row (audio columns null for a cue, log or image file). */
/** The columns a FileWithAudioRow is read from (files `f` left-joined to audio `a`). */
export const FILE_WITH_AUDIO_COLUMNS = [
  'f.file_id',
  'f.collection_id',
  'f.relative_path',
  'f.image_hash',
  'f.download_count',
  'f.size',
  'a.title',
  'a.artists',
  'a.album',
  'a.label',
  'a.release_date',
  'a.genres',
  'a.bpm',
  'a.format',
  'a.bitrate',
  'a.sample_rate',
  'a.bit_depth',
  'a.duration',
  'a.track_number',
  'a.disc_number',
  'a.disc_count',
  'a.disc_subtitle',
  'a.track_gain',
  'a.track_peak',
  'a.album_gain',
  'a.album_peak',
  'a.artist_refs',
  'a.play_count',
  'a.loudness',
  'a.true_peak',
  'CASE WHEN EXISTS (SELECT 1 FROM lyrics l WHERE l.file_id = f.file_id) THEN 1 ELSE 0 END AS has_lyrics',
].join(', ');

/**
 * The order of a collection's tracks everywhere they are listed (page, queue, zip, offline
 * save): audio before other files, then disc, then track number (untagged last), then path.
 * `a` is the audio table's alias and `f` the files table's; an untagged disc counts as disc 1.
 */
export const trackOrderSql = (a: string, f: string): string =>
  `CASE WHEN ${a}.file_id IS NULL THEN 1 ELSE 0 END, COALESCE(${a}.disc_number, 1), ` +
  `CASE WHEN ${a}.track_number IS NULL THEN 1 ELSE 0 END, ${a}.track_number, ${f}.relative_path`;

export type FileWithAudioRow = FileWireRow & {
  [K in keyof AudioWireRow]: AudioWireRow[K] | null;
};

export function toWireCollectionFile(row: FileWithAudioRow): CollectionFile {
  const audio =
    row.title === null || row.format === null
      ? null
      : toWireAudio({
          title: row.title,
          artists: row.artists ?? '[]',
          album: row.album,
          label: row.label,
          release_date: row.release_date,
          genres: row.genres ?? '[]',
          bpm: row.bpm,
          format: row.format,
          bitrate: row.bitrate,
          sample_rate: row.sample_rate,
          bit_depth: row.bit_depth,
          duration: row.duration ?? 0,
          track_number: row.track_number,
          disc_number: row.disc_number,
          disc_count: row.disc_count,
          disc_subtitle: row.disc_subtitle,
          track_gain: row.track_gain,
          track_peak: row.track_peak,
          album_gain: row.album_gain,
          album_peak: row.album_peak,
          artist_refs: row.artist_refs ?? '[]',
          has_lyrics: row.has_lyrics ?? 0,
          play_count: row.play_count ?? 0,
          loudness: row.loudness,
          true_peak: row.true_peak,
        });
  return { file: toWireFile(row), audio };
}
