import type { Generated } from 'kysely';

/** A podcast feed (migration 0029), fetched once for all its subscribers. */
export interface PodcastFeedsTable {
  feed_id: Generated<number>;
  url: string;
  title: Generated<string>;
  author: string | null;
  image_url: string | null;
  description: string | null;
  etag: string | null;
  last_modified: string | null;
  checked_at: string | null;
  /** The last refresh's failure, null once one succeeds. */
  error: string | null;
  created_at: string;
}

export interface PodcastSubscriptionsTable {
  subscription_id: Generated<number>;
  user_id: number;
  feed_id: number;
  /** How many of the newest episodes to download automatically (0: none). */
  auto_download: Generated<number>;
  created_at: string;
}

export interface PodcastEpisodesTable {
  episode_id: Generated<number>;
  feed_id: number;
  guid: string;
  title: string;
  published_at: string | null;
  duration_seconds: number | null;
  description: string | null;
  enclosure_url: string;
  enclosure_type: string | null;
  season: number | null;
  episode_number: number | null;
  explicit: Generated<number>;
  chapters_url: string | null;
  image_url: string | null;
  status: Generated<string>;
  storage_key: string | null;
  size_bytes: number | null;
  error: string | null;
  downloaded_at: string | null;
}

/** One user's position and played mark in one episode. */
export interface PodcastEpisodeStatesTable {
  user_id: number;
  episode_id: number;
  position_ms: Generated<number>;
  played: Generated<number>;
  comment: string | null;
  updated_at: string;
}

/** An internet radio station; the stream address is never sent to clients. */
export interface RadioStationsTable {
  station_id: Generated<number>;
  name: string;
  stream_url: string;
  homepage_url: string | null;
  created_at: string;
  /** The ICY title a relay last read (migration 0035), and when, shared by every app server. */
  now_playing: Generated<string | null>;
  now_playing_at: Generated<string | null>;
}

/** A user's position in a library file. */
export interface BookmarksTable {
  user_id: number;
  file_id: number;
  position_ms: number;
  comment: string | null;
  created_at: string;
  updated_at: string;
}

export interface PodcastTables {
  podcast_feeds: PodcastFeedsTable;
  podcast_subscriptions: PodcastSubscriptionsTable;
  podcast_episodes: PodcastEpisodesTable;
  podcast_episode_states: PodcastEpisodeStatesTable;
  radio_stations: RadioStationsTable;
  bookmarks: BookmarksTable;
}
