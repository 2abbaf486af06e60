import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { visibleTo, type Visibility } from '../../access/collections';
import type { Db } from '../../db/database';

/** How many collections one term, label or era lookup takes before their files are read. */
const COLLECTIONS_PER_LOOKUP = 16;

/** `column NOT IN (ids)`, or nothing to add when there are none. */
function notIn(column: string, ids: readonly number[]): RawBuilder<SqlBool> {
  return ids.length === 0
    ? sql<SqlBool>`1 = 1`
    : sql<SqlBool>`${sql.ref(column)} NOT IN (${sql.join(ids)})`;
}

/** A playable file: audio, present, in a collection the viewer sees (aliases f, a, c). */
const playable = (viewer: Visibility): RawBuilder<SqlBool> =>
  sql<SqlBool>`f.missing_since IS NULL AND ${visibleTo(viewer, 'c')}`;

const ids = (rows: ReadonlyArray<{ file_id: number | string }>): number[] =>
  rows.map((row) => Number(row.file_id));

/**
 * The radio's candidate sets (issue 48): each an index lookup bounded by LIMIT, so a page costs
 * the same at a thousand files or a million. Lookups start at a random id (`from`) and wrap
 * around, so the same seed meets other tracks on every page; `skip` (the session's queue) is
 * left out in SQL so a LIMIT never fills up with tracks already played.
 */
export class RadioCandidatesRepository {
  constructor(private readonly db: Db) {}

  /** The largest file and collection ids: where random starting points are drawn from. */
  async idSpan(): Promise<{ files: number; collections: number }> {
    const row = await sql<{ files: number | null; collections: number | null }>`SELECT
        (SELECT MAX(file_id) FROM files) AS files,
        (SELECT MAX(collection_id) FROM collections) AS collections`.execute(this.db);
    return {
      files: Number(row.rows[0]?.files ?? 0),
      collections: Number(row.rows[0]?.collections ?? 0),
    };
  }

  /** Tracks crediting any of these artists, from file id `from` on, then from the start. */
  async byTrackArtists(
    artistIds: readonly number[],
    viewer: Visibility,
    skip: readonly number[],
    from: number,
    limit: number,
  ): Promise<number[]> {
    if (artistIds.length === 0) return [];
    return this.wrapped(from, limit, async (range, max) => {
      const result = await sql<{ file_id: number }>`SELECT f.file_id FROM track_artists ta
        JOIN files f ON f.file_id = ta.file_id
        JOIN audio a ON a.file_id = f.file_id
        JOIN collections c ON c.collection_id = f.collection_id
        WHERE ta.artist_id IN (${sql.join(artistIds)}) AND ${range('ta.file_id')}
          AND ${playable(viewer)} AND ${notIn('f.file_id', skip)}
        LIMIT ${max}`.execute(this.db);
      return ids(result.rows);
    });
  }

  /** Tracks of collections whose album artist is one of these. */
  async byAlbumArtists(
    artistIds: readonly number[],
    viewer: Visibility,
    skip: readonly number[],
    from: number,
    limit: number,
  ): Promise<number[]> {
    if (artistIds.length === 0) return [];
    return this.wrapped(from, limit, async (range, max) => {
      const result = await sql<{ file_id: number }>`SELECT f.file_id FROM (
          SELECT DISTINCT ca.collection_id FROM collection_artists ca
          WHERE ca.artist_id IN (${sql.join(artistIds)}) AND ${range('ca.collection_id')}
          LIMIT ${COLLECTIONS_PER_LOOKUP}) p
        JOIN collections c ON c.collection_id = p.collection_id
        JOIN files f ON f.collection_id = c.collection_id
        JOIN audio a ON a.file_id = f.file_id
        WHERE ${playable(viewer)} AND ${notIn('f.file_id', skip)}
        LIMIT ${max}`.execute(this.db);
      return ids(result.rows);
    });
  }

  /**
   * Tracks of collections carrying one of these folded terms of one kind (genre, tag, label),
   * a bounded number of collections at a time from collection id `from` (the terms' primary
   * key is (kind, value_key, collection_id): a range seek per key).
   */
  async byTerms(
    kind: 'genre' | 'tag' | 'label',
    keys: readonly string[],
    viewer: Visibility,
    skip: readonly number[],
    from: number,
    limit: number,
  ): Promise<number[]> {
    if (keys.length === 0) return [];
    return this.wrapped(from, limit, async (range, max) => {
      const result = await sql<{ file_id: number }>`SELECT f.file_id FROM (
          SELECT DISTINCT t.collection_id FROM collection_terms t
          JOIN collections c ON c.collection_id = t.collection_id
          WHERE t.kind = ${kind} AND t.value_key IN (${sql.join(keys)})
            AND ${range('t.collection_id')} AND ${visibleTo(viewer, 'c')}
          LIMIT ${COLLECTIONS_PER_LOOKUP}) p
        JOIN collections c ON c.collection_id = p.collection_id
        JOIN files f ON f.collection_id = c.collection_id
        JOIN audio a ON a.file_id = f.file_id
        WHERE ${playable(viewer)} AND ${notIn('f.file_id', skip)}
        LIMIT ${max}`.execute(this.db);
      return ids(result.rows);
    });
  }

  /** Tracks of collections released within these dates (ISO prefixes), by the date index. */
  async byEra(
    fromDate: string,
    toDate: string,
    viewer: Visibility,
    skip: readonly number[],
    limit: number,
  ): Promise<number[]> {
    const result = await sql<{ file_id: number }>`SELECT f.file_id FROM (
        SELECT c.collection_id FROM collections c
        WHERE c.release_date >= ${fromDate} AND c.release_date < ${toDate}
          AND ${visibleTo(viewer, 'c')}
        LIMIT ${COLLECTIONS_PER_LOOKUP}) p
      JOIN collections c ON c.collection_id = p.collection_id
      JOIN files f ON f.collection_id = c.collection_id
      JOIN audio a ON a.file_id = f.file_id
      WHERE ${playable(viewer)} AND ${notIn('f.file_id', skip)}
      LIMIT ${limit}`.execute(this.db);
    return ids(result.rows);
  }

  /** Any visible tracks from file id `from` on (then from the start): the last widening. */
  async anyFrom(
    viewer: Visibility,
    skip: readonly number[],
    from: number,
    limit: number,
  ): Promise<number[]> {
    return this.wrapped(from, limit, async (range, max) => {
      const result = await sql<{ file_id: number }>`SELECT f.file_id FROM files f
        JOIN audio a ON a.file_id = f.file_id
        JOIN collections c ON c.collection_id = f.collection_id
        WHERE ${range('f.file_id')} AND ${playable(viewer)} AND ${notIn('f.file_id', skip)}
        ORDER BY f.file_id
        LIMIT ${max}`.execute(this.db);
      return ids(result.rows);
    });
  }

  /**
   * Co-listening: the files most played by the users (at most 100) who played any of `seeds`
   * in the last year, with how many plays each. Visibility is applied by the caller's
   * features lookup; listens of files since purged simply find no features.
   */
  async coListened(
    seeds: readonly number[],
    skip: readonly number[],
    since: string,
    limit: number,
  ): Promise<Map<number, number>> {
    if (seeds.length === 0) return new Map();
    const result = await sql<{ file_id: number; plays: number | string }>`SELECT l2.file_id,
        COUNT(*) AS plays
      FROM listens l2
      WHERE l2.user_id IN (
          SELECT DISTINCT l1.user_id FROM listens l1
          WHERE l1.file_id IN (${sql.join(seeds)}) LIMIT 100)
        AND l2.played_at >= ${since}
        AND l2.file_id NOT IN (${sql.join([...seeds, ...skip])})
      GROUP BY l2.file_id
      ORDER BY plays DESC
      LIMIT ${limit}`.execute(this.db);
    return new Map(result.rows.map((row) => [Number(row.file_id), Number(row.plays)]));
  }

  /**
   * Runs `query` on ids >= from, then (when short) on ids < from: a random starting point that
   * still reaches every row.
   */
  private async wrapped(
    from: number,
    limit: number,
    query: (range: (column: string) => RawBuilder<SqlBool>, max: number) => Promise<number[]>,
  ): Promise<number[]> {
    const first = await query((column) => sql<SqlBool>`${sql.ref(column)} >= ${from}`, limit);
    if (first.length >= limit || from <= 1) return first;
    const rest = await query(
      (column) => sql<SqlBool>`${sql.ref(column)} < ${from}`,
      limit - first.length,
    );
    return [...first, ...rest];
  }
}
