import type { Generated } from 'kysely';

/** A listening party (migration 0034, domain/parties.ts). */
export interface PartiesTable {
  party_id: Generated<number>;
  host_user_id: number;
  /** hex SHA-256 of the token; unique. */
  token_hash: string;
  allow_anonymous: Generated<number>;
  now_file_id: number | null;
  now_track_id: number | null;
  now_at: string | null;
  created_at: string;
  /** Set when the host ended it: the token answers 404 from then on. */
  ended_at: string | null;
}

/** Someone taking part, the host included: a user ('u:<id>') or a signed-out guest ('g:<hash>'). */
export interface PartyGuestsTable {
  guest_id: Generated<number>;
  party_id: number;
  guest_key: string;
  user_id: number | null;
  joined_at: string;
  removed: Generated<number>;
}

export interface PartyTracksTable {
  track_id: Generated<number>;
  party_id: number;
  file_id: number;
  /** party_guests.guest_id of who added it. */
  added_by: number;
  added_at: string;
  played_at: string | null;
  removed: Generated<number>;
}

/** One vote of one participant on one track: -1 or 1 (taking a vote back deletes the row). */
export interface PartyVotesTable {
  track_id: number;
  guest_id: number;
  vote: number;
  voted_at: string;
}

export interface PartyTables {
  parties: PartiesTable;
  party_guests: PartyGuestsTable;
  party_tracks: PartyTracksTable;
  party_votes: PartyVotesTable;
}
