import type { Generated, Selectable } from 'kysely';

/** Table of migration 0006 (column conventions as in tables.ts). */
export interface RequestsTable {
  request_id: Generated<number>;
  name: string;
  artist: string;
  genre: string | null;
  /** The musical key ("key" is a reserved word in SQL). */
  music_key: string | null;
  bpm: number | null;
  label: string | null;
  /** Seconds. */
  duration: number | null;
  /** YYYY-MM-DD. */
  release_date: string | null;
  description: string | null;
  created_at: string;
  user_id: number | null;
  collection_id: number | null;
  filled_by: number | null;
  filled_at: string | null;
  comment_group_id: number;
}

export interface RequestTables {
  requests: RequestsTable;
}

export type RequestRow = Selectable<RequestsTable>;
