import type { Generated } from 'kysely';

/** One play of one user (migration 0026): the history, the year, per-user counts, radio. */
export interface ListensTable {
  listen_id: Generated<number>;
  user_id: number;
  file_id: number;
  collection_id: number;
  /** ISO-8601, whole seconds. */
  played_at: string;
  /** 'web' (the web app and its offline outbox) or the Subsonic client name. */
  client: string;
  /** The track's length when played. */
  duration_ms: Generated<number>;
}

/** A rule-based playlist (migration 0026), evaluated when asked. */
export interface SmartPlaylistsTable {
  smart_playlist_id: Generated<number>;
  user_id: number;
  name: string;
  /** JSON SmartPlaylistDefinition (domain/smart-playlist.ts). */
  definition: string;
  public: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A share link for one user's year in review (migration 0027): only the token's hash. */
export interface YearSharesTable {
  year_share_id: Generated<number>;
  user_id: number;
  /** hex SHA-256 of the token; unique. */
  token_hash: string;
  year: number;
  created_at: string;
}

export interface ListeningTables {
  listens: ListensTable;
  smart_playlists: SmartPlaylistsTable;
  year_shares: YearSharesTable;
}
