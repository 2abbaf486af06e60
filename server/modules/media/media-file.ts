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
