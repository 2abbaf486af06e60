import { z } from 'zod';
import { ArtistRefSchema } from './artist-ref';
import { SEARCH_PAGE_SIZE } from './browse-filters';
import { CalendarDateSchema } from './date-schema';

/** One release in the library, with the fields aggregated from its audio files. */
export const CollectionSchema = z.object({
  collectionId: z.number().int(),
  collectionName: z.string(),
  collectionHidden: z.boolean(),
  collectionTags: z.array(z.string()),
  /** Cents; null means free. */
  collectionPrice: z.number().int().nullable(),
  collectionDescription: z.string(),
  collectionImageHash: z.string().nullable(),
  /** ISO date-time; its first 10 characters are the fallback release date. */
  collectionAdded: z.string(),
  collectionDownloadCount: z.number().int(),
  collectionPlayCount: z.number().int(),
  commentGroupId: z.number().int().nullable(),
  /** The caller's id when the collection is unlocked for them, else null. */
  unlockedCollectionUserId: z.number().int().nullable(),
  /** The album artists, each an artist page ("Various Artists" for a compilation). */
  collectionArtists: z.array(ArtistRefSchema).default([]),
  audioArtists: z.array(z.string()),
  audioLabel: z.string().nullable(),
  audioGenres: z.array(z.string()),
  audioBpm: z.number().nullable(),
  audioReleaseDate: z.string().nullable(),
  audioDuration: z.number(),
  audioFormat: z.string().nullable(),
  audioBitrate: z.number().int().nullable(),
});
export type Collection = z.infer<typeof CollectionSchema>;

export const AudioSchema = z.object({
  audioTitle: z.string(),
  audioArtists: z.array(z.string()),
  /** The track's artists in tag order, each an artist page (the same names as audioArtists). */
  audioArtistRefs: z.array(ArtistRefSchema).default([]),
  audioAlbum: z.string().nullable(),
  audioLabel: z.string().nullable(),
  audioReleaseDate: z.string().nullable(),
  audioGenres: z.array(z.string()),
  audioBpm: z.number().nullable(),
  audioFormat: z.string(),
  audioBitrate: z.number().int().nullable(),
  audioSampleRate: z.number().int().nullable(),
  audioBitDepth: z.number().int().nullable(),
  /** Seconds. */
  audioDuration: z.number(),
  audioPlayCount: z.number().int(),
  audioTrackNumber: z.number().int().nullable(),
  /** Disc of a multi-disc release (TPOS, DISCNUMBER, disk), its disc count and subtitle. */
  audioDiscNumber: z.number().int().nullable().default(null),
  audioDiscCount: z.number().int().nullable().default(null),
  audioDiscSubtitle: z.string().nullable().default(null),
  /** ReplayGain from the tags (dB gain to -18 LUFS; peak in dBFS), used until measured. */
  audioTrackGain: z.number().nullable().default(null),
  audioTrackPeak: z.number().nullable().default(null),
  audioAlbumGain: z.number().nullable().default(null),
  audioAlbumPeak: z.number().nullable().default(null),
  /** Whether GET /api/lyrics/{fileId} has lines for this track. */
  audioHasLyrics: z.boolean().default(false),
  /** EBU R128 integrated loudness in LUFS; null until measured (or silent). */
  audioLoudness: z.number().nullable(),
  /** True peak in dBTP; null until measured. */
  audioTruePeak: z.number().nullable(),
});
export type Audio = z.infer<typeof AudioSchema>;

export const FileSchema = z.object({
  fileId: z.number().int(),
  /** Path inside the collection's folder; never a server path. */
  filePath: z.string(),
  fileImageHash: z.string().nullable(),
  fileDownloadCount: z.number().int(),
  /** Bytes. */
  fileSize: z.number().int(),
  /** Administrators only: the row's file is not on the server's disk (deleted, unmounted). */
  fileMissing: z.boolean().optional(),
});
export type CollectionFileInfo = z.infer<typeof FileSchema>;

export const CollectionFileSchema = z.object({ file: FileSchema, audio: AudioSchema.nullable() });
export type CollectionFile = z.infer<typeof CollectionFileSchema>;

/** GET /api/audio_collection/{id}; items of POST /api/audio_collection/bulk. */
export const CollectionWithFilesSchema = z.object({
  collection: CollectionSchema,
  files: z.array(CollectionFileSchema),
});
export type CollectionWithFiles = z.infer<typeof CollectionWithFilesSchema>;

export const BulkIdsSchema = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(500),
});

const terms = z.array(z.string().max(200)).max(100).optional().default([]);

/** POST /api/audio_collection/search */
export const SearchFilterSchema = z.object({
  query: z.string().max(500).optional().default(''),
  offset: z.number().int().min(0).optional().default(0),
  limit: z.number().int().min(1).max(500).optional().default(SEARCH_PAGE_SIZE),
  dateFrom: CalendarDateSchema.nullish(),
  dateTo: CalendarDateSchema.nullish(),
  bpmFrom: z.number().min(0).max(1000).nullish(),
  bpmTo: z.number().min(0).max(1000).nullish(),
  genres: terms,
  tags: terms,
  labels: terms,
  artists: terms,
  /** Only collections of this library (the browse page's library filter); null for all. */
  libraryId: z.number().int().positive().nullish(),
});
export type SearchFilter = z.input<typeof SearchFilterSchema>;

export const SearchResponseSchema = z.object({
  data: z.array(CollectionSchema),
  artists: z.array(z.string()),
  labels: z.array(z.string()),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/** POST /api/collection/{id} (admin) */
export const CollectionEditSchema = z
  .object({
    collectionName: z.string().trim().min(1).max(300),
    collectionHidden: z.boolean(),
    collectionTags: z.array(z.string().trim().min(1).max(64)).max(50),
    collectionPrice: z.number().int().min(0).max(100_000_000).nullable(),
    collectionDescription: z.string().max(20_000),
  })
  .partial();

/** POST /api/audio_collection/{id} (admin) */
export const AudioCollectionEditSchema = z
  .object({
    audioLabel: z.string().trim().max(300).nullable(),
    audioReleaseDate: CalendarDateSchema.nullable(),
    /** Written on every track; null or empty lets the tracks' own artists name the album again. */
    audioAlbumArtist: z.string().trim().max(300).nullable(),
    /** Replaces the genres of every track (the collection's genres are theirs, aggregated). */
    audioGenres: z.array(z.string().trim().min(1).max(64)).max(20),
  })
  .partial();

/** GET /downloader/waveform/{fileId} */
export const WaveformSchema = z.object({ waveformData: z.array(z.number().min(0).max(1)) });

/** GET /api/collection/{id}/recommendations?count= */
export const RecommendationsQuerySchema = z.object({
  count: z.coerce.number().int().min(1).max(20).optional().default(5),
});
export type Waveform = z.infer<typeof WaveformSchema>;
