import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { CatalogueTables } from './catalogue-tables';
import type { ListeningTables } from './listening-tables';
import type { DeviceTables } from './device-tables';
import type { PartyTables } from './party-tables';
import type { PodcastTables } from './podcast-tables';
import type { RateLimitTables } from './rate-limit-tables';
import type { RequestTables } from './request-tables';
import type { ScrobblingTables } from './scrobbling-tables';
import type { ServerTables } from './server-tables';
import type { StoreTables } from './store-tables';
import type { SupportTables } from './support-tables';

/**
 * Column conventions (both dialects): booleans are integer 0/1, dates ISO-8601 text,
 * lists and objects JSON text, money integer cents.
 */
export interface RolesTable {
  role_id: Generated<number>;
  role_name: string;
  speed_limit: number | null;
  download_limit: number | null;
  request_limit: number | null;
  can_upload: number;
  transcode: number;
  vip: number;
  download_paid: number;
  enable_browse: number;
  enable_requests: number;
  enable_store: number;
  /** The podcasts right (migration 0029): subscribe and listen to podcasts. */
  podcasts: Generated<number>;
  blacklisted_tags: string;
  /** JSON array of the library ids its members see; null = every library (migration 0025). */
  libraries: Generated<string | null>;
  /** Bytes of user uploads a holder may keep; null = unlimited (migration 0009). */
  upload_limit: ColumnType<number | string | null, number | null | undefined, number | null>;
}

export interface UsersTable {
  user_id: Generated<number>;
  user_name: string;
  user_name_lower: string;
  email: string;
  email_lower: string;
  password_hash: string;
  full_name: string | null;
  age: number | null;
  gender: number;
  country: string | null;
  socials: string;
  email_confirmed: number;
  email_marketing: number;
  remaining_downloads: number | null;
  remaining_requests: number | null;
  remaining_invites: number;
  role_id: number;
  role_expiration: string | null;
  balance: number;
  /** Added by migration 0004: last balance change, and the dormant-balance notice. */
  balance_changed_at: Generated<string | null>;
  dormant_notice_at: Generated<string | null>;
  register_time: string;
  last_login_time: string | null;
  last_login_ip: string | null;
  register_ip: string | null;
  is_banned: number;
  is_admin: number;
  liked_playlist: number | null;
  extra: string;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface EmailConfirmationsTable {
  code: string;
  user_id: number;
  email: string;
  expires_at: string;
}

export interface PasswordResetsTable {
  code_hash: string;
  user_id: number;
  expires_at: string;
  used_at: string | null;
}

export interface InvitesTable {
  code: string;
  created_by: number | null;
  created_at: string;
  used_by: number | null;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  body: string;
  ip: string | null;
  created_at: string;
}

export interface PlaylistsTable {
  playlist_id: Generated<number>;
  user_id: number;
  title: string;
  description: string;
  public: number;
  created_at: string;
  /** user, liked, editor, random, top or special (added by migration 0002). */
  kind: Generated<string>;
}

export interface DirectMessagesTable {
  dm_id: Generated<number>;
  from_user_id: number | null;
  to_user_id: number;
  title: string;
  body: string;
  created_at: string;
  read: number;
}

export interface BannedIpsTable {
  ip: string;
  created_at: string;
}

export interface Database
  extends
    CatalogueTables,
    StoreTables,
    RequestTables,
    SupportTables,
    ServerTables,
    ScrobblingTables,
    ListeningTables,
    DeviceTables,
    PartyTables,
    PodcastTables,
    RateLimitTables {
  roles: RolesTable;
  users: UsersTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  email_confirmations: EmailConfirmationsTable;
  password_resets: PasswordResetsTable;
  invites: InvitesTable;
  contact_messages: ContactMessagesTable;
  playlists: PlaylistsTable;
  direct_messages: DirectMessagesTable;
  banned_ips: BannedIpsTable;
  scheduled_runs: ScheduledRunsTable;
  app_passwords: AppPasswordsTable;
  stars: StarsTable;
  ratings: RatingsTable;
  play_queues: PlayQueuesTable;
  now_playing: NowPlayingTable;
  share_links: ShareLinksTable;
  backup_runs: BackupRunsTable;
}

/** A backup an administrator started or the daily schedule ran (migration 0018). */
export interface BackupRunsTable {
  backup_id: Generated<number>;
  trigger: 'manual' | 'scheduled';
  state: 'running' | 'done' | 'failed';
  started_at: string;
  finished_at: string | null;
  folder: string | null;
  /** bigint: PostgreSQL hands it back as a string. */
  size_bytes: Generated<number | string>;
  file_count: Generated<number>;
  error: string | null;
}

/** The last run of each scheduled job (server/jobs/schedules.ts). */
export interface ScheduledRunsTable {
  job: string;
  last_run_at: string;
}

/** App passwords for /rest (migration 0014): encrypted at rest, found by their HMAC. */
export interface AppPasswordsTable {
  app_password_id: Generated<number>;
  user_id: number;
  name: string;
  /** base64url of iv | AES-256-GCM ciphertext | tag (server/security/secret-box.ts). */
  secret: string;
  /** hex HMAC-SHA256 of the password under the same key; unique. */
  lookup: string;
  created_at: string;
  last_used_at: string | null;
}

/** Starred albums and artists (migration 0015); a starred song is a like (liked playlist). */
export interface StarsTable {
  user_id: number;
  kind: 'album' | 'artist';
  item_id: number;
  created_at: string;
}

/** A user's 1 to 5 rating of a song, album or artist (migration 0015). */
export interface RatingsTable {
  user_id: number;
  kind: 'song' | 'album' | 'artist';
  item_id: number;
  rating: number;
}

/** The play queue an app saved for the user (migration 0015): one per user. */
export interface PlayQueuesTable {
  user_id: number;
  /** JSON array of file ids in queue order. */
  entries: string;
  current_file_id: number | null;
  position_ms: number;
  changed_at: string;
  /** The client name (`c`) of the app that saved it. */
  changed_by: string;
}

/** What each of a user's players reported playing last (migration 0015). */
export interface NowPlayingTable {
  user_id: number;
  player: string;
  file_id: number;
  started_at: string;
}

export type RoleRow = Selectable<RolesTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;

/** Share links (migration 0020): one collection or one playlist, found by the token's hash. */
export interface ShareLinksTable {
  share_id: Generated<number>;
  user_id: number;
  /** hex SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  collection_id: number | null;
  playlist_id: number | null;
  created_at: string;
  expires_at: string | null;
}
