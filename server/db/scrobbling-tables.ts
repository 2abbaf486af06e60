import type { Generated } from 'kysely';

/** A user's connection to ListenBrainz or Last.fm (migration 0019). */
export interface ScrobbleAccountsTable {
  user_id: number;
  /** 'listenbrainz' | 'lastfm' */
  service: string;
  /** The token or session key, sealed (server/security/secret-box.ts). */
  secret: string;
  /** The user's name on the service. */
  service_user: string;
  connected_at: string;
  /** When the service refused the secret; null while it works. */
  broken_at: string | null;
}

/** One listen waiting for, or done with, one service (migration 0019). */
export interface ScrobbleOutboxTable {
  outbox_id: Generated<number>;
  user_id: number;
  service: string;
  file_id: number;
  listened_at: string;
  /** JSON ScrobbleTrack. */
  track: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  claim: string | null;
  /** 'pending' | 'sent' | 'failed' */
  state: Generated<string>;
  last_error: string | null;
  sent_at: string | null;
}

export interface ScrobblingTables {
  scrobble_accounts: ScrobbleAccountsTable;
  scrobble_outbox: ScrobbleOutboxTable;
}
