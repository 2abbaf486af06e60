import { sql } from 'kysely';
import { visibleTo, type Visibility } from '../../access/collections';
import type { Db, Dialect } from '../../db/database';
import { trackOrderSql } from './collection-mapper';
import { artistCollections, type LibraryArtistRow } from './library-items.repository';

const TRACK_ORDER = sql.raw(trackOrderSql('a', 'f'));

export interface GenreRow {
  value: string;
  album_count: number;
  song_count: number;
}

/**
 * Browsing reads of the library as apps list it (indexes, artists, genres, an album's songs,
 * related songs). Each filters by visibleTo in SQL; artists count only the collections the
 * viewer may see.
 */
export class LibraryBrowseRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Every artist credited on a visible collection, with how many such collections. SQLite
   * counts per artist through its link indexes: a third faster than grouping the union of every
   * link. PostgreSQL groups the union: run per artist, a caller's tag blacklist (NOT IN a
   * subquery) was evaluated again inside each artist's count, and one blacklisted member's
   * index at 1,000,000 files ran for over 12 minutes; grouped, it takes seconds, once per
   * library version (the index is cached per visibility rule).
   */
  async artistIndex(viewer: Visibility): Promise<LibraryArtistRow[]> {
    if (this.dialect === 'postgres') {
      const grouped = await sql<LibraryArtistRow>`SELECT ar.artist_id, ar.name, ar.sort_name,
          ar.mbid, COUNT(*) AS album_count
        FROM (SELECT ca.artist_id, ca.collection_id FROM collection_artists ca
          UNION SELECT ta.artist_id, tf.collection_id FROM track_artists ta
            JOIN files tf ON tf.file_id = ta.file_id) links
        JOIN collections c ON c.collection_id = links.collection_id
        JOIN artists ar ON ar.artist_id = links.artist_id
        WHERE ${visibleTo(viewer, 'c')}
        GROUP BY ar.artist_id, ar.name, ar.sort_name, ar.mbid`.execute(this.db);
      return grouped.rows;
    }
    const result = await sql<LibraryArtistRow>`SELECT * FROM (
        SELECT ar.artist_id, ar.name, ar.sort_name, ar.mbid,
          (SELECT COUNT(*) FROM collections c
            WHERE c.collection_id IN (
                SELECT ca.collection_id FROM collection_artists ca WHERE ca.artist_id = ar.artist_id
                UNION SELECT tf.collection_id FROM track_artists ta
                  JOIN files tf ON tf.file_id = ta.file_id WHERE ta.artist_id = ar.artist_id)
              AND ${visibleTo(viewer, 'c')}) AS album_count
        FROM artists ar) counted
      WHERE album_count > 0`.execute(this.db);
    return result.rows;
  }

  /** The library's version (migration 0032): every change the indexes show moves it on. */
  async version(): Promise<number> {
    const result = await sql<{ version: number | string }>`SELECT version FROM library_version
      WHERE id = 1`.execute(this.db);
    return Number(result.rows[0]?.version ?? 0);
  }

  /** When the visible library last gained a collection (getIndexes lastModified). */
  async lastAdded(viewer: Visibility): Promise<string | null> {
    const result = await sql<{ at: string | null }>`SELECT MAX(c.added_at) AS at
      FROM collections c WHERE ${visibleTo(viewer, 'c')}`.execute(this.db);
    return result.rows[0]?.at ?? null;
  }

  /** The artist's visible collections, newest release first (like the web artist page). */
  async albumIdsOfArtist(artistId: number, viewer: Visibility): Promise<number[]> {
    const result = await sql<{ collection_id: number }>`SELECT c.collection_id FROM collections c
      WHERE c.collection_id IN (SELECT collection_id FROM ${artistCollections([artistId])} x)
        AND ${visibleTo(viewer, 'c')}
      ORDER BY COALESCE(c.release_date, SUBSTR(c.added_at, 1, 10)) DESC, c.collection_id DESC
      LIMIT 500`.execute(this.db);
    return result.rows.map((r) => Number(r.collection_id));
  }

  /** An album's songs in the web app's track order (disc, track, path); none if invisible. */
  async songIdsOfAlbum(collectionId: number, viewer: Visibility): Promise<number[]> {
    const result = await sql<{ file_id: number }>`SELECT f.file_id
      FROM files f JOIN audio a ON a.file_id = f.file_id
        JOIN collections c ON c.collection_id = f.collection_id
      WHERE f.collection_id = ${collectionId} AND ${visibleTo(viewer, 'c')}
        AND f.missing_since IS NULL
      ORDER BY ${TRACK_ORDER}`.execute(this.db);
    return result.rows.map((r) => Number(r.file_id));
  }

  /** Genres of visible collections (collection_terms), with collection and song counts. */
  async genres(viewer: Visibility): Promise<GenreRow[]> {
    const result = await sql<GenreRow>`SELECT MIN(t.value) AS value,
        COUNT(DISTINCT c.collection_id) AS album_count,
        COUNT(a.file_id) AS song_count
      FROM collection_terms t
        JOIN collections c ON c.collection_id = t.collection_id
        LEFT JOIN files f ON f.collection_id = c.collection_id
        LEFT JOIN audio a ON a.file_id = f.file_id
      WHERE t.kind = 'genre' AND ${visibleTo(viewer, 'c')}
      GROUP BY t.value_key ORDER BY t.value_key`.execute(this.db);
    return result.rows;
  }
}
