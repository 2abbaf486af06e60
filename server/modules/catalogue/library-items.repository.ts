import { sql, type RawBuilder } from 'kysely';
import { visibleTo, type Visibility } from '../../access/collections';
import type { Db } from '../../db/database';

/** A track as library listings show it (Subsonic's song, for one): file, audio and collection. */
export interface LibrarySongRow {
  file_id: number;
  collection_id: number;
  relative_path: string;
  size: number;
  added_at: string;
  file_image: string | null;
  title: string;
  artists: string;
  artist_refs: string;
  release_date: string | null;
  genres: string;
  format: string;
  bitrate: number | null;
  duration: number;
  track_number: number | null;
  disc_number: number | null;
  play_count: number;
  bpm: number | null;
  track_gain: number | null;
  track_peak: number | null;
  album_gain: number | null;
  album_peak: number | null;
  album_name: string;
  album_artist_refs: string;
  album_image: string | null;
  album_release_date: string | null;
}

/** A collection as library listings show it, with its song count and compilation flag. */
export interface LibraryAlbumRow {
  collection_id: number;
  name: string;
  artist_refs: string;
  image_hash: string | null;
  added_at: string;
  release_date: string | null;
  genres: string;
  duration: number;
  play_count: number;
  song_count: number;
  compilation: number;
}

export interface DiscTitleRow {
  collection_id: number;
  disc_number: number;
  disc_subtitle: string;
}

/** An artist with the number of collections crediting it that the viewer may see. */
export interface LibraryArtistRow {
  artist_id: number;
  name: string;
  sort_name: string | null;
  mbid: string | null;
  album_count: number;
}

export const SONG_COLUMNS = sql.raw(
  [
    'f.file_id',
    'f.collection_id',
    'f.relative_path',
    'f.size',
    'f.added_at',
    'f.image_hash AS file_image',
    'a.title',
    'a.artists',
    'a.artist_refs',
    'a.release_date',
    'a.genres',
    'a.format',
    'a.bitrate',
    'a.duration',
    'a.track_number',
    'a.disc_number',
    'a.play_count',
    'a.bpm',
    'a.track_gain',
    'a.track_peak',
    'a.album_gain',
    'a.album_peak',
    'c.name AS album_name',
    'c.artist_refs AS album_artist_refs',
    'c.image_hash AS album_image',
    'c.release_date AS album_release_date',
  ].join(', '),
);

/** The FROM of every song query: audio files joined to their collection `c`. */
export const SONG_FROM = sql.raw(
  'files f JOIN audio a ON a.file_id = f.file_id JOIN collections c ON c.collection_id = f.collection_id',
);

const ALBUM_COLUMNS = sql.raw(
  [
    'c.collection_id',
    'c.name',
    'c.artist_refs',
    'c.image_hash',
    'c.added_at',
    'c.release_date',
    'c.genres',
    'c.duration',
    'c.play_count',
    'COALESCE(s.song_count, 0) AS song_count',
    'COALESCE(s.compilation, 0) AS compilation',
  ].join(', '),
);

/**
 * Each album's song count and compilation flag, from one pass over its files' audio rows: two
 * subqueries per album each joined every file to its audio row (a sync page of 500 albums read
 * 40,000 pages on PostgreSQL at 1,000,000 files, half of it twice).
 */
const albumSongs = (ids: readonly number[]) => sql`(SELECT sf.collection_id,
    SUM(CASE WHEN sf.missing_since IS NULL THEN 1 ELSE 0 END) AS song_count,
    MAX(sa.compilation) AS compilation
  FROM files sf JOIN audio sa ON sa.file_id = sf.file_id
  WHERE sf.collection_id IN (${sql.join(ids)})
  GROUP BY sf.collection_id)`;

/**
 * (artist_id, collection_id) for collections crediting an artist as album artist or on one of
 * their tracks, like the web app's artist page; narrowed to `ids` inside the union so the
 * planner never builds the whole union to keep a few rows.
 */
export function artistCollections(ids?: readonly number[]): RawBuilder<unknown> {
  const only = (column: string) =>
    ids === undefined ? sql`1 = 1` : sql`${sql.ref(column)} IN (${sql.join(ids)})`;
  return sql`(SELECT artist_id, collection_id FROM collection_artists WHERE ${only('artist_id')}
    UNION SELECT t.artist_id, tf.collection_id FROM track_artists t
      JOIN files tf ON tf.file_id = t.file_id WHERE ${only('t.artist_id')})`;
}

/**
 * Songs, albums and artists by id, for listings that name them by id (/rest answers). Every
 * read joins the collection and asks visibleTo, so an id the viewer may not see reads as missing.
 */
export class LibraryItemsRepository {
  constructor(private readonly db: Db) {}

  async songsByIds(ids: readonly number[], viewer: Visibility): Promise<LibrarySongRow[]> {
    if (ids.length === 0) return [];
    const result = await sql<LibrarySongRow>`SELECT ${SONG_COLUMNS} FROM ${SONG_FROM}
      WHERE f.file_id IN (${sql.join(ids)}) AND ${visibleTo(viewer, 'c')}
        AND f.missing_since IS NULL`.execute(this.db);
    return result.rows;
  }

  async albumsByIds(ids: readonly number[], viewer: Visibility): Promise<LibraryAlbumRow[]> {
    if (ids.length === 0) return [];
    const result = await sql<LibraryAlbumRow>`SELECT ${ALBUM_COLUMNS} FROM collections c
        LEFT JOIN ${albumSongs(ids)} s ON s.collection_id = c.collection_id
      WHERE c.collection_id IN (${sql.join(ids)}) AND ${visibleTo(viewer, 'c')}`.execute(this.db);
    return result.rows;
  }

  /** Subtitled discs of these collections (OpenSubsonic discTitles). */
  async discTitles(collectionIds: readonly number[]): Promise<DiscTitleRow[]> {
    if (collectionIds.length === 0) return [];
    const result = await sql<DiscTitleRow>`SELECT DISTINCT f.collection_id, a.disc_number,
        a.disc_subtitle
      FROM files f JOIN audio a ON a.file_id = f.file_id
      WHERE f.collection_id IN (${sql.join(collectionIds)})
        AND a.disc_number IS NOT NULL AND a.disc_subtitle IS NOT NULL
      ORDER BY f.collection_id, a.disc_number`.execute(this.db);
    return result.rows;
  }

  /** Artists by id with their visible collection count; artists with none are left out. */
  async artistsByIds(ids: readonly number[], viewer: Visibility): Promise<LibraryArtistRow[]> {
    if (ids.length === 0) return [];
    const result = await sql<LibraryArtistRow>`SELECT ar.artist_id, ar.name, ar.sort_name, ar.mbid,
        COUNT(DISTINCT c.collection_id) AS album_count
      FROM artists ar
        JOIN ${artistCollections(ids)} ac ON ac.artist_id = ar.artist_id
        JOIN collections c ON c.collection_id = ac.collection_id
      WHERE ar.artist_id IN (${sql.join(ids)}) AND ${visibleTo(viewer, 'c')}
      GROUP BY ar.artist_id, ar.name, ar.sort_name, ar.mbid`.execute(this.db);
    return result.rows;
  }
}
