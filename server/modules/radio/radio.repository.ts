import { sql } from 'kysely';
import { visibleTo, type Visibility } from '../../access/collections';
import type { Db } from '../../db/database';

/** What the radio compares tracks by (one track, or a seed's profile). */
export interface TrackFeatures {
  fileId: number;
  collectionId: number;
  /** Track artists in tag order; the album artists when the track credits none. */
  artists: number[];
  albumArtists: number[];
  /** Folded genre and tag keys of the collection. */
  genres: string[];
  tags: string[];
  label: string | null;
  year: number | null;
  bpm: number | null;
  loudness: number | null;
}

interface FeatureRow {
  file_id: number;
  collection_id: number;
  bpm: number | null;
  loudness: number | null;
  release_date: string | null;
}

const yearOf = (date: string | null): number | null => {
  const year = date === null ? NaN : Number(date.slice(0, 4));
  return Number.isInteger(year) && year > 0 ? year : null;
};

function groupBy<K, V>(rows: readonly V[], key: (row: V) => K): Map<K, V[]> {
  const map = new Map<K, V[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

/** Seeds, track features, the queue's tail and the answer's entries for the radio. */
export class RadioRepository {
  constructor(private readonly db: Db) {}

  /** Whether the file is audio the viewer may see (present, visible collection). */
  async visibleFile(fileId: number, viewer: Visibility): Promise<boolean> {
    const result = await sql<{ file_id: number }>`SELECT f.file_id FROM files f
      JOIN audio a ON a.file_id = f.file_id
      JOIN collections c ON c.collection_id = f.collection_id
      WHERE f.file_id = ${fileId} AND f.missing_since IS NULL AND ${visibleTo(viewer, 'c')}`.execute(
      this.db,
    );
    return result.rows.length > 0;
  }

  /** Up to `limit` audio files of a collection the viewer sees, in id order. */
  async collectionFiles(collectionId: number, viewer: Visibility, limit: number) {
    const result = await sql<{ file_id: number }>`SELECT f.file_id FROM collections c
      JOIN files f ON f.collection_id = c.collection_id
      JOIN audio a ON a.file_id = f.file_id
      WHERE c.collection_id = ${collectionId} AND f.missing_since IS NULL
        AND ${visibleTo(viewer, 'c')}
      ORDER BY f.file_id LIMIT ${limit}`.execute(this.db);
    return result.rows.map((row) => Number(row.file_id));
  }

  /** Up to `limit` visible tracks crediting the artist (track or album artist). */
  async artistFiles(artistId: number, viewer: Visibility, limit: number): Promise<number[]> {
    const result = await sql<{ file_id: number }>`SELECT f.file_id FROM track_artists ta
      JOIN files f ON f.file_id = ta.file_id
      JOIN audio a ON a.file_id = f.file_id
      JOIN collections c ON c.collection_id = f.collection_id
      WHERE ta.artist_id = ${artistId} AND f.missing_since IS NULL AND ${visibleTo(viewer, 'c')}
      LIMIT ${limit}`.execute(this.db);
    if (result.rows.length > 0) return result.rows.map((row) => Number(row.file_id));
    const albums = await sql<{ file_id: number }>`SELECT f.file_id FROM collection_artists ca
      JOIN collections c ON c.collection_id = ca.collection_id
      JOIN files f ON f.collection_id = c.collection_id
      JOIN audio a ON a.file_id = f.file_id
      WHERE ca.artist_id = ${artistId} AND f.missing_since IS NULL AND ${visibleTo(viewer, 'c')}
      LIMIT ${limit}`.execute(this.db);
    return albums.rows.map((row) => Number(row.file_id));
  }

  /** Whether a visible collection carries this folded genre. */
  async genreVisible(genreKey: string, viewer: Visibility): Promise<boolean> {
    const result = await sql<{ collection_id: number }>`SELECT t.collection_id
      FROM collection_terms t JOIN collections c ON c.collection_id = t.collection_id
      WHERE t.kind = 'genre' AND t.value_key = ${genreKey} AND ${visibleTo(viewer, 'c')}
      LIMIT 1`.execute(this.db);
    return result.rows.length > 0;
  }

  /**
   * The features of those files the viewer may see (others are left out: this is the radio's
   * last visibility gate), keyed by file id.
   */
  async features(
    fileIds: readonly number[],
    viewer: Visibility,
  ): Promise<Map<number, TrackFeatures>> {
    if (fileIds.length === 0) return new Map();
    const rows = (
      await sql<FeatureRow>`SELECT f.file_id, f.collection_id, a.bpm, a.loudness,
          COALESCE(a.release_date, c.release_date) AS release_date
        FROM files f
        JOIN audio a ON a.file_id = f.file_id
        JOIN collections c ON c.collection_id = f.collection_id
        WHERE f.file_id IN (${sql.join([...new Set(fileIds)])})
          AND f.missing_since IS NULL AND ${visibleTo(viewer, 'c')}`.execute(this.db)
    ).rows;
    if (rows.length === 0) return new Map();
    const files = rows.map((row) => Number(row.file_id));
    const collections = [...new Set(rows.map((row) => Number(row.collection_id)))];
    const [trackArtists, albumArtists, terms] = await Promise.all([
      this.db
        .selectFrom('track_artists')
        .select(['file_id', 'artist_id'])
        .where('file_id', 'in', files)
        .orderBy('position')
        .execute(),
      this.db
        .selectFrom('collection_artists')
        .select(['collection_id', 'artist_id'])
        .where('collection_id', 'in', collections)
        .orderBy('position')
        .execute(),
      this.db
        .selectFrom('collection_terms')
        .select(['collection_id', 'kind', 'value_key'])
        .where('collection_id', 'in', collections)
        .where('kind', 'in', ['genre', 'tag', 'label'])
        .execute(),
    ]);
    const byFile = groupBy(trackArtists, (row) => Number(row.file_id));
    const byAlbum = groupBy(albumArtists, (row) => Number(row.collection_id));
    const termsOf = groupBy(terms, (row) => Number(row.collection_id));
    const answer = new Map<number, TrackFeatures>();
    for (const row of rows) {
      const fileId = Number(row.file_id);
      const collectionId = Number(row.collection_id);
      const album = (byAlbum.get(collectionId) ?? []).map((r) => Number(r.artist_id));
      const own = (byFile.get(fileId) ?? []).map((r) => Number(r.artist_id));
      const collectionTerms = termsOf.get(collectionId) ?? [];
      const keys = (kind: string) =>
        collectionTerms.filter((t) => t.kind === kind).map((t) => t.value_key);
      answer.set(fileId, {
        fileId,
        collectionId,
        artists: own.length > 0 ? own : album,
        albumArtists: album,
        genres: keys('genre'),
        tags: keys('tag'),
        label: keys('label')[0] ?? null,
        year: yearOf(row.release_date),
        bpm: row.bpm === null ? null : Number(row.bpm),
        loudness: row.loudness === null ? null : Number(row.loudness),
      });
    }
    return answer;
  }

  /** The artists of each file (track artists, else album artists), whatever its visibility. */
  async artistsOf(fileIds: readonly number[]): Promise<Map<number, number[]>> {
    if (fileIds.length === 0) return new Map();
    const result = await sql<{ file_id: number; artist_id: number; own: number }>`SELECT
        ta.file_id, ta.artist_id, 1 AS own FROM track_artists ta
        WHERE ta.file_id IN (${sql.join([...fileIds])})
      UNION ALL SELECT f.file_id, ca.artist_id, 0 AS own FROM files f
        JOIN collection_artists ca ON ca.collection_id = f.collection_id
        WHERE f.file_id IN (${sql.join([...fileIds])})`.execute(this.db);
    const answer = new Map<number, number[]>();
    for (const fileId of fileIds) {
      const rows = result.rows.filter((row) => Number(row.file_id) === fileId);
      const own = rows.filter((row) => Number(row.own) === 1);
      answer.set(fileId, [
        ...new Set((own.length > 0 ? own : rows).map((row) => Number(row.artist_id))),
      ]);
    }
    return answer;
  }

  /** The artist's tracks the viewer may see, most played first (by artist name, folded). */
  async topTracks(nameKey: string, viewer: Visibility, limit: number): Promise<number[]> {
    const result = await sql<{ file_id: number }>`SELECT f.file_id FROM artists ar
      JOIN track_artists ta ON ta.artist_id = ar.artist_id
      JOIN files f ON f.file_id = ta.file_id
      JOIN audio a ON a.file_id = f.file_id
      JOIN collections c ON c.collection_id = f.collection_id
      WHERE ar.name_key = ${nameKey} AND f.missing_since IS NULL AND ${visibleTo(viewer, 'c')}
      ORDER BY a.play_count DESC, f.file_id
      LIMIT ${limit}`.execute(this.db);
    return [...new Set(result.rows.map((row) => Number(row.file_id)))];
  }
}
