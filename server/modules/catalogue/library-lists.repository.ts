import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { visibleTo, type Visibility } from '../../access/collections';
import type { Db } from '../../db/database';

/** The album lists there are (Subsonic's getAlbumList2 types, by the same names). */
export const ALBUM_LISTS = [
  'random',
  'newest',
  'frequent',
  'recent',
  'alphabeticalByName',
  'alphabeticalByArtist',
  'starred',
  'highest',
  'byYear',
  'byGenre',
] as const;

export type AlbumList = (typeof ALBUM_LISTS)[number];

/** The lists read in an order; random is picked by id instead (LibraryListsService). */
export type AlbumListType = Exclude<AlbumList, 'random'>;

export interface AlbumListQuery {
  type: AlbumListType;
  userId: number;
  /** byYear: the years, ordered from `fromYear` to `toYear` (descending when from > to). */
  fromYear?: number;
  toYear?: number;
  /** byGenre: the genre folded like collection_terms.value_key. */
  genreKey?: string;
}

/** The last row of a page, for the next page to continue after it (keyset). */
export interface AlbumCursor {
  name: string;
  id: number;
}

/** Song filters of getRandomSongs and getSongsByGenre. */
export interface SongFilter {
  genreKey?: string;
  fromYear?: number;
  toYear?: number;
}

const TRUE = sql<SqlBool>`1 = 1`;

/** Years as text bounds on release_date ("2024-01-15" and "2024" both compare right). */
function yearRange(from: number | undefined, to: number | undefined): RawBuilder<SqlBool> {
  if (from === undefined && to === undefined) return TRUE;
  const low = Math.min(from ?? 0, to ?? 9999);
  const high = Math.max(from ?? 0, to ?? 9999);
  return sql<SqlBool>`c.release_date >= ${String(low).padStart(4, '0')}
    AND c.release_date < ${String(high + 1).padStart(4, '0')}`;
}

const genreOf = (key: string | undefined): RawBuilder<SqlBool> =>
  key === undefined
    ? TRUE
    : sql<SqlBool>`c.collection_id IN (SELECT collection_id FROM collection_terms
        WHERE kind = 'genre' AND value_key = ${key})`;

/** The first album artist's name, for alphabeticalByArtist. */
const FIRST_ARTIST = sql`(SELECT ar.name FROM collection_artists ca
  JOIN artists ar ON ar.artist_id = ca.artist_id
  WHERE ca.collection_id = c.collection_id AND ca.position = 0)`;

/**
 * Album and song lists (Subsonic's getAlbumList2, getRandomSongs, getSongsByGenre). Each
 * answers ids in list order, filtered by visibleTo in SQL before any LIMIT; the loaders read
 * the rows. Orders run on indexed columns where the list is long (name, added_at, file id).
 */
export class LibraryListsRepository {
  constructor(private readonly db: Db) {}

  /** A page of the list: ids with the names keyed orders continue after (AlbumCursor). */
  async albumPage(
    query: AlbumListQuery,
    viewer: Visibility,
    limit: number,
    offset: number,
    after?: AlbumCursor,
  ): Promise<AlbumCursor[]> {
    const { join, where, order } = this.albumOrder(query, after);
    const result = await sql<{ collection_id: number; name: string }>`
      SELECT c.collection_id, c.name FROM collections c ${join}
      WHERE ${where} AND ${visibleTo(viewer, 'c')}
      ORDER BY ${order} LIMIT ${limit} OFFSET ${after === undefined ? offset : 0}`.execute(this.db);
    return result.rows.map((r) => ({ name: r.name, id: Number(r.collection_id) }));
  }

  private albumOrder(query: AlbumListQuery, after: AlbumCursor | undefined) {
    const none = sql``;
    switch (query.type) {
      case 'alphabeticalByName':
        return {
          join: none,
          // Row values seek the (name, collection_id) order instead of counting an OFFSET.
          where: after
            ? sql<SqlBool>`(c.name, c.collection_id) > (${after.name}, ${after.id})`
            : TRUE,
          order: sql`c.name, c.collection_id`,
        };
      case 'alphabeticalByArtist':
        return { join: none, where: TRUE, order: sql`${FIRST_ARTIST}, c.name, c.collection_id` };
      case 'newest':
        return { join: none, where: TRUE, order: sql`c.added_at DESC, c.collection_id DESC` };
      case 'frequent':
        return {
          join: none,
          where: sql<SqlBool>`c.play_count > 0`,
          order: sql`c.play_count DESC, c.collection_id DESC`,
        };
      case 'recent':
        return {
          join: none,
          where: sql<SqlBool>`c.last_played_at IS NOT NULL`,
          order: sql`c.last_played_at DESC, c.collection_id DESC`,
        };
      case 'starred':
        return {
          join: sql`JOIN stars s ON s.kind = 'album' AND s.item_id = c.collection_id
            AND s.user_id = ${query.userId}`,
          where: TRUE,
          order: sql`s.created_at DESC, c.collection_id DESC`,
        };
      case 'highest':
        return {
          join: sql`JOIN ratings r ON r.kind = 'album' AND r.item_id = c.collection_id
            AND r.user_id = ${query.userId}`,
          where: TRUE,
          order: sql`r.rating DESC, c.name, c.collection_id`,
        };
      case 'byYear': {
        const descending = (query.fromYear ?? 0) > (query.toYear ?? 9999);
        return {
          join: none,
          where: yearRange(query.fromYear, query.toYear),
          order: descending
            ? sql`c.release_date DESC, c.collection_id DESC`
            : sql`c.release_date, c.collection_id`,
        };
      }
      case 'byGenre':
        return { join: none, where: genreOf(query.genreKey), order: sql`c.name, c.collection_id` };
    }
  }

  /** The id range of a table, where random picks are drawn from. */
  async idRange(table: 'collections' | 'files'): Promise<{ low: number; high: number } | null> {
    const column = sql.ref(table === 'files' ? 'file_id' : 'collection_id');
    const from = sql.table(table);
    // Two subqueries: SQLite reads a lone MIN or MAX off the key, but scans for both at once.
    const result = await sql<{ low: number | null; high: number | null }>`SELECT
        (SELECT MIN(${column}) FROM ${from}) AS low,
        (SELECT MAX(${column}) FROM ${from}) AS high`.execute(this.db);
    const row = result.rows[0];
    if (!row || row.low === null || row.high === null) return null;
    return { low: Number(row.low), high: Number(row.high) };
  }

  /** Which of these candidate collection ids exist and are visible (random picks). */
  async visibleAlbumIds(candidates: number[], viewer: Visibility): Promise<number[]> {
    if (candidates.length === 0) return [];
    const result = await sql<{ collection_id: number }>`SELECT c.collection_id FROM collections c
      WHERE c.collection_id IN (${sql.join(candidates)}) AND ${visibleTo(viewer, 'c')}`.execute(
      this.db,
    );
    return result.rows.map((r) => Number(r.collection_id));
  }

  /** Which of these candidate file ids are visible songs passing the filter (random picks). */
  async matchingSongIds(
    candidates: number[],
    filter: SongFilter,
    viewer: Visibility,
  ): Promise<number[]> {
    if (candidates.length === 0) return [];
    const result = await sql<{ file_id: number }>`SELECT f.file_id
      FROM files f JOIN audio a ON a.file_id = f.file_id
        JOIN collections c ON c.collection_id = f.collection_id
      WHERE f.file_id IN (${sql.join(candidates)}) AND ${this.songWhere(filter, viewer)}`.execute(
      this.db,
    );
    return result.rows.map((r) => Number(r.file_id));
  }

  /**
   * A random draw in SQL, for when picks by id keep missing (a small, sparse or mostly hidden
   * library, or a narrow filter): the sort then only covers what passes the filter.
   */
  async randomAlbumIds(viewer: Visibility, exclude: number[], limit: number): Promise<number[]> {
    const result = await sql<{ collection_id: number }>`SELECT c.collection_id FROM collections c
      WHERE ${visibleTo(viewer, 'c')} AND ${notIn('c.collection_id', exclude)}
      ORDER BY random() LIMIT ${limit}`.execute(this.db);
    return result.rows.map((r) => Number(r.collection_id));
  }

  async randomSongIds(
    filter: SongFilter,
    viewer: Visibility,
    exclude: number[],
    limit: number,
  ): Promise<number[]> {
    const result = await sql<{ file_id: number }>`SELECT f.file_id
      FROM files f JOIN audio a ON a.file_id = f.file_id
        JOIN collections c ON c.collection_id = f.collection_id
      WHERE ${this.songWhere(filter, viewer)} AND ${notIn('f.file_id', exclude)}
      ORDER BY random() LIMIT ${limit}`.execute(this.db);
    return result.rows.map((r) => Number(r.file_id));
  }

  /** Songs of a genre (getSongsByGenre), newest collection first, then track order. */
  async songIdsByGenre(
    genreKey: string,
    viewer: Visibility,
    limit: number,
    offset: number,
  ): Promise<number[]> {
    const result = await sql<{ file_id: number }>`SELECT f.file_id
      FROM files f JOIN audio a ON a.file_id = f.file_id
        JOIN collections c ON c.collection_id = f.collection_id
      WHERE ${this.songWhere({ genreKey }, viewer)}
      ORDER BY c.collection_id DESC, f.file_id
      LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
    return result.rows.map((r) => Number(r.file_id));
  }

  private songWhere(filter: SongFilter, viewer: Visibility): RawBuilder<SqlBool> {
    // Songs only: a missing file (decision 0056) is in no list until it returns.
    return sql<SqlBool>`${visibleTo(viewer, 'c')} AND f.missing_since IS NULL
      AND ${genreOf(filter.genreKey)}
      AND ${yearRange(filter.fromYear, filter.toYear)}`;
  }
}

function notIn(column: string, ids: number[]): RawBuilder<SqlBool> {
  return ids.length === 0 ? TRUE : sql<SqlBool>`${sql.ref(column)} NOT IN (${sql.join(ids)})`;
}
