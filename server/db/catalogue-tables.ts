import type { Generated, Selectable } from 'kysely';

/** Tables of migration 0002 (same column conventions as tables.ts). */
export interface ImagesTable {
  image_hash: string;
  mime: string;
  width: number | null;
  height: number | null;
  size: number;
  created_at: string;
}

export interface CommentGroupsTable {
  comment_group_id: Generated<number>;
  created_at: string;
}

export interface CollectionsTable {
  collection_id: Generated<number>;
  name: string;
  hidden: Generated<number>;
  tags: Generated<string>;
  price: number | null;
  description: Generated<string>;
  image_hash: string | null;
  added_at: string;
  download_count: Generated<number>;
  play_count: Generated<number>;
  comment_group_id: number | null;
  folder: string | null;
  import_key: string | null;
  artists: Generated<string>;
  label: string | null;
  genres: Generated<string>;
  bpm: number | null;
  release_date: string | null;
  duration: Generated<number>;
  format: string | null;
  bitrate: number | null;
  search_text: Generated<string>;
  /** The uploader who created it from /upload (migration 0009); null for imports. */
  uploaded_by: Generated<number | null>;
  /** The library folder it came from (migration 0025); null: uploads, releases, hand-overs. */
  library_id: Generated<number | null>;
  /** JSON [{artistId, artistName}]: a copy of collection_artists (migration 0013). */
  artist_refs: Generated<string>;
  /** When a play of one of its tracks was last counted (migration 0015). */
  last_played_at: Generated<string | null>;
  /** Set while every file of it is missing (migration 0023): lists of collections skip it. */
  missing_since: Generated<string | null>;
}

export type TermKind = 'tag' | 'genre' | 'artist' | 'label';

export interface CollectionTermsTable {
  collection_id: number;
  kind: TermKind;
  value: string;
  value_key: string;
}

export interface FilesTable {
  file_id: Generated<number>;
  collection_id: number;
  path: string;
  relative_path: string;
  image_hash: string | null;
  download_count: Generated<number>;
  size: number;
  modified_at: string;
  added_at: string;
  /** The disk's size and mtime at the last read (bigint: a string on PostgreSQL). */
  size_bytes: Generated<number | string | null>;
  mtime_ms: Generated<number | string | null>;
  /** Content fingerprint (server/jobs/fingerprint.ts): a moved file is found again by it. */
  fingerprint: Generated<string | null>;
  /** When a rescan found the file gone (ISO); hidden from every list until it comes back. */
  missing_since: Generated<string | null>;
}

export interface AudioTable {
  file_id: number;
  title: string;
  artists: Generated<string>;
  album: string | null;
  album_artist: string | null;
  label: string | null;
  release_date: string | null;
  genres: Generated<string>;
  bpm: number | null;
  format: string;
  codec: string | null;
  bitrate: number | null;
  sample_rate: number | null;
  bit_depth: number | null;
  duration: Generated<number>;
  track_number: number | null;
  play_count: Generated<number>;
  waveform: string | null;
  /** EBU R128 integrated loudness (LUFS) and true peak (dBTP); null until measured. */
  loudness: number | null;
  true_peak: number | null;
  loudness_attempts: Generated<number>;
  /** Migration 0013: discs, tagged ReplayGain (gain dB, peak dBFS), compilation flag. */
  disc_number: number | null;
  disc_count: number | null;
  disc_subtitle: string | null;
  track_gain: number | null;
  track_peak: number | null;
  album_gain: number | null;
  album_peak: number | null;
  compilation: Generated<number>;
  /** JSON [{artistId, artistName}]: a copy of track_artists in tag order. */
  artist_refs: Generated<string>;
  /** The tag reader version that filled the row; older rows are read again on import. */
  tags_version: Generated<number>;
}

export interface FileDownloadsTable {
  user_id: number;
  file_id: number;
  created_at: string;
}

export interface UnlockedCollectionsTable {
  user_id: number;
  collection_id: number;
  transcode: Generated<number>;
  created_at: string;
}

export interface PlaylistFilesTable {
  playlist_id: number;
  file_id: number;
  position: number;
  added_at: string;
}

export interface ImportJobsTable {
  job_id: Generated<number>;
  folder: string;
  state: 'running' | 'done' | 'failed';
  started_at: string;
  finished_at: string | null;
  files_total: Generated<number>;
  files_done: Generated<number>;
  imported: Generated<number>;
  skipped: Generated<number>;
  problems: Generated<string>;
  /** What the scan found (domain/library-import.ts ScanSummary) as JSON; null until it ends. */
  summary: Generated<string | null>;
  /** The library scanned (migration 0025); null for imports recorded before. */
  library_id: Generated<number | null>;
  /** The analysis of the files the scan added (migration 0033): its own count and clock. */
  analysis_total: Generated<number>;
  analysis_done: Generated<number>;
  analysis_started_at: Generated<string | null>;
}

/** Music folders the server follows (migration 0025, domain/libraries.ts). */
export interface LibrariesTable {
  library_id: Generated<number>;
  name: string;
  /** The absolute folder, as given (MUSIC_DIR's follows the configuration at each start). */
  path: string;
  /** 1 for the MUSIC_DIR library. */
  from_config: Generated<number>;
  created_at: string;
  /** Set when an administrator removed it: its files are missing until purged or re-added. */
  removed_at: string | null;
}

export interface CommentsTable {
  comment_id: Generated<number>;
  comment_group_id: number;
  user_id: number | null;
  reply_to: number | null;
  content: string;
  created_at: string;
  edited_at: string | null;
}

export interface ArtistsTable {
  artist_id: Generated<number>;
  name: string;
  name_key: string;
  sort_name: string | null;
  mbid: string | null;
  search_text: string;
  created_at: string;
}

export interface TrackArtistsTable {
  file_id: number;
  position: number;
  artist_id: number;
}

export interface CollectionArtistsTable {
  collection_id: number;
  position: number;
  artist_id: number;
}

export interface LyricsTable {
  file_id: number;
  synced: number;
  lines: string;
  /** 'file': read from the tags or a sidecar at import; 'edited': an admin's, kept over them. */
  source: 'file' | 'edited';
  updated_at: string;
}

export interface CatalogueTables {
  artists: ArtistsTable;
  track_artists: TrackArtistsTable;
  collection_artists: CollectionArtistsTable;
  lyrics: LyricsTable;
  images: ImagesTable;
  comment_groups: CommentGroupsTable;
  collections: CollectionsTable;
  collection_terms: CollectionTermsTable;
  files: FilesTable;
  audio: AudioTable;
  file_downloads: FileDownloadsTable;
  unlocked_collections: UnlockedCollectionsTable;
  playlist_files: PlaylistFilesTable;
  import_jobs: ImportJobsTable;
  libraries: LibrariesTable;
  comments: CommentsTable;
}

export type LibraryRow = Selectable<LibrariesTable>;
export type CollectionRow = Selectable<CollectionsTable>;
export type FileRow = Selectable<FilesTable>;
export type AudioRow = Selectable<AudioTable>;
export type ArtistRow = Selectable<ArtistsTable>;
