import type { Generated, Selectable } from 'kysely';

/** Tables of migration 0010: downloader servers, downloads, RSS feeds, external requests. */
export interface ServersTable {
  server_id: Generated<number>;
  name: string;
  address: string;
  /** The node's NODE_TOKEN; never sent to a browser. */
  token: string;
  last_error: string | null;
  last_seen_at: string | null;
  created_at: string;
}

export interface DownloadsTable {
  download_id: Generated<number>;
  server_id: number;
  name: string | null;
  source: string;
  url: string;
  keep_original: number;
  options: string;
  /** JSON list, or null for settings.defaultPost at processing time. */
  post_actions: string | null;
  state: string;
  message: string | null;
  bytes_done: Generated<number | string>;
  bytes_total: number | string | null;
  speed: Generated<number>;
  peers: number | null;
  resume_state: string | null;
  collection_id: number | null;
  added_at: string;
  updated_at: string;
}

export interface RssFeedsTable {
  rss_feed_id: Generated<number>;
  server_id: number;
  rss_url: string;
  rss_cookies: string | null;
  title_regex: string | null;
  check_interval: number;
  last_check: string | null;
  last_error: string | null;
  post_actions: string;
  created_at: string;
}

export interface RssSeenTable {
  rss_feed_id: number;
  guid: string;
  seen_at: string;
}

export interface DownloadRequestsTable {
  server_id: number;
  download_id: number;
  user_id: number;
  created_at: string;
}

export interface ServerTables {
  servers: ServersTable;
  downloads: DownloadsTable;
  rss_feeds: RssFeedsTable;
  rss_seen: RssSeenTable;
  download_requests: DownloadRequestsTable;
}

export type ServerRow = Selectable<ServersTable>;
export type DownloadRow = Selectable<DownloadsTable>;
export type RssFeedRow = Selectable<RssFeedsTable>;
