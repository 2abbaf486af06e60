import { parseJson } from '../../db/database';

/** A file row with its audio record (absent for covers, cue sheets and other companions). */
export interface MediaFile {
  fileId: number;
  collectionId: number;
  path: string;
  relativePath: string;
  size: number;
  audio: {
    title: string;
    artists: string[];
    format: string;
    /** Bits per second, as the tags or the size over the duration gave it. */
    bitrate: number | null;
    duration: number;
    waveform: number[] | null;
    /** The track's number on its disc, from the tags; null when untagged. */
    trackNumber: number | null;
    /** The disc the track is on, from the tags; null when untagged (counted as disc 1). */
    discNumber: number | null;
  } | null;
}

/** The columns of a file joined with its audio row (left join: companions have none). */
export const FILE_COLUMNS = [
  'files.file_id',
  'files.collection_id',
  'files.path',
  'files.relative_path',
  'files.size',
  'audio.file_id as audio_id',
  'audio.title',
  'audio.artists',
  'audio.format',
  'audio.bitrate',
  'audio.duration',
  'audio.waveform',
  'audio.track_number',
  'audio.disc_number',
] as const;

export type FileJoinRow = {
  file_id: number;
  collection_id: number;
  path: string;
  relative_path: string;
  size: number;
  audio_id: number | null;
  title: string | null;
  artists: string | null;
  format: string | null;
  bitrate: number | null;
  duration: number | null;
  waveform: string | null;
  track_number: number | null;
  disc_number: number | null;
};

export const toMediaFile = (r: FileJoinRow): MediaFile => ({
  fileId: r.file_id,
  collectionId: r.collection_id,
  path: r.path,
  relativePath: r.relative_path,
  size: Number(r.size),
  audio:
    r.audio_id === null
      ? null
      : {
          title: r.title ?? '',
          artists: parseJson<string[]>(r.artists, []),
          format: r.format ?? '',
          bitrate: r.bitrate === null ? null : Number(r.bitrate),
          duration: r.duration ?? 0,
          waveform: r.waveform === null ? null : parseJson<number[] | null>(r.waveform, null),
          trackNumber: r.track_number,
          discNumber: r.disc_number,
        },
});
