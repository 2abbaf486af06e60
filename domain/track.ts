import { z } from 'zod';
import { LOSSLESS_FORMATS } from './audio-format';
import { ArtistRefSchema, type ArtistRef } from './artist-ref';
import { replayGainMeasure } from './replay-gain';

/** What the player queues and plays (spec part 1, section 3 "Track (player)"). */
export const TrackSchema = z.object({
  /** Absent for external tracks. */
  fileId: z.number().int().optional(),
  title: z.string(),
  artists: z.array(z.string()),
  /** The artists as links to their pages (library tracks; absent for external ones). */
  artistRefs: z.array(ArtistRefSchema).optional(),
  /** Whether GET /api/lyrics/{fileId} has lines for it. */
  hasLyrics: z.boolean().optional(),
  url: z.string(),
  /** Cover image hash; null means the default cover. */
  imageHash: z.string().nullable(),
  /** Full URL of an external cover, used when there is no hash. */
  art: z.string().optional(),
  isPreview: z.boolean(),
  /** A library file in a lossless format: gapless costs no more bytes than the original. */
  lossless: z.boolean().optional(),
  duration: z.number(),
  bpm: z.number().nullable(),
  label: z.string().nullable(),
  genres: z.array(z.string()),
  releaseDate: z.string().nullable(),
  album: z.string().nullable(),
  /** For previews: the collection's price (cents) and id, for the price button. */
  price: z.number().int().nullable(),
  collectionId: z.number().int().optional(),
  /**
   * The track's place (from 0) on its release when it was queued from the release
   * (domain/playback.ts): crossfade never fades one track into the next of its album.
   */
  albumPosition: z.number().int().optional(),
  external: z.boolean(),
  /**
   * EBU R128 integrated loudness (LUFS) and true peak (dBTP) of the full track when measured,
   * else what its ReplayGain tags imply (domain/replay-gain.ts).
   */
  loudness: z.number().nullable().optional(),
  truePeak: z.number().nullable().optional(),
  /**
   * Set when the track was queued with its whole release: the release's loudness, its track
   * count and this track's place in it, for album normalisation (domain/loudness-gain.ts).
   */
  albumLoudness: z
    .object({
      loudness: z.number(),
      truePeak: z.number().nullable(),
      count: z.number().int(),
      position: z.number().int(),
    })
    .optional(),
});
export type Track = z.infer<typeof TrackSchema>;

/** The address the player streams a library file from: the preview clip or the full track. */
export function trackUrl(fileId: number, isPreview: boolean): string {
  return `/downloader/${isPreview ? 'preview' : 'file'}/${fileId}?playback=true`;
}

/**
 * Where a whole copy of a track is fetched at once (the offline store): a full track's stream
 * address asks `whole=true`, which the server does not pace like playback (decision 0054); so
 * does a podcast episode's stream (issue 49).
 */
export function wholeCopyUrl(url: string): string {
  if (/^\/api\/podcast\/episode\/\d+\/stream$/.test(url)) return `${url}?whole=true`;
  return /^\/downloader\/file\/\d+\?playback=true$/.test(url) ? `${url}&whole=true` : url;
}

interface TrackSource {
  file: { fileId: number; fileImageHash: string | null };
  audio: {
    audioTitle: string;
    audioArtists: string[];
    audioArtistRefs?: ArtistRef[];
    audioHasLyrics?: boolean;
    audioDuration: number;
    audioFormat?: string;
    audioBpm: number | null;
    audioLabel: string | null;
    audioGenres: string[];
    audioReleaseDate: string | null;
    audioAlbum: string | null;
    audioLoudness?: number | null;
    audioTruePeak?: number | null;
    audioTrackGain?: number | null;
    audioTrackPeak?: number | null;
  };
}

/** A library file as a player track; `fullPlay` comes from canPlayFull for its collection. */
export function libraryTrack(
  entry: TrackSource,
  collection: {
    collectionId: number;
    collectionPrice: number | null;
    collectionImageHash: string | null;
    collectionName: string;
  },
  fullPlay: boolean,
): Track {
  const { file, audio } = entry;
  const measured = audio.audioLoudness ?? null;
  const tagged =
    measured === null ? replayGainMeasure(audio.audioTrackGain, audio.audioTrackPeak) : null;
  return {
    fileId: file.fileId,
    title: audio.audioTitle,
    artists: audio.audioArtists,
    artistRefs: audio.audioArtistRefs ?? [],
    hasLyrics: audio.audioHasLyrics ?? false,
    url: trackUrl(file.fileId, !fullPlay),
    imageHash: file.fileImageHash ?? collection.collectionImageHash,
    isPreview: !fullPlay,
    lossless: audio.audioFormat !== undefined && LOSSLESS_FORMATS.has(audio.audioFormat),
    duration: audio.audioDuration,
    bpm: audio.audioBpm,
    label: audio.audioLabel,
    genres: audio.audioGenres,
    releaseDate: audio.audioReleaseDate,
    album: audio.audioAlbum ?? collection.collectionName,
    price: collection.collectionPrice,
    collectionId: collection.collectionId,
    external: false,
    loudness: measured ?? tagged?.loudness ?? null,
    truePeak: measured !== null ? (audio.audioTruePeak ?? null) : (tagged?.truePeak ?? null),
  };
}
