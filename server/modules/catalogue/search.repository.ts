import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { SearchFilterSchema } from '../../../domain/collection';
import { foldText, queryWords } from '../../../domain/search-text';
import type { Db, Dialect } from '../../db/database';
import type { TermKind } from '../../db/catalogue-tables';
import { collectionColumns, type CollectionWireRow } from './collection-mapper';
import { visibleTo, type Viewer } from './viewer';
import type { z } from 'zod';

export type ParsedSearchFilter = z.output<typeof SearchFilterSchema>;

/** The filter pop-ups list at most this many artists and labels. */
export const FACET_LIMIT = 500;

export interface SearchResult {
  rows: CollectionWireRow[];
  artists: string[];
  labels: string[];
}

const COLUMNS = sql.raw(collectionColumns('c'));
const and = (conditions: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> =>
  conditions.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.join(conditions, sql` AND `)}`;

/** "every value of one list matches any of them": an IN over the terms primary key. */
function termCondition(kind: TermKind, values: string[]): RawBuilder<SqlBool> | null {
  if (values.length === 0) return null;
  const keys = [...new Set(values.map(foldText).filter(Boolean))];
  if (keys.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`c.collection_id IN (SELECT collection_id FROM collection_terms
    WHERE kind = ${kind} AND value_key IN (${sql.join(keys)}))`;
}

/**
 * Text search and filters over collections (decision 0010). SQLite ranks with FTS5 bm25;
 * PostgreSQL matches the folded search_text with the trigram index.
 */
export class SearchRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  async search(filter: ParsedSearchFilter, viewer: Viewer): Promise<SearchResult> {
    const words = queryWords(filter.query);
    const conditions = this.filterConditions(filter, viewer, words);
    const where = and(conditions);
    const useFts = this.dialect === 'sqlite' && words.length > 0;
    // Quoted prefix terms: words are letters and digits only after folding, so nothing escapes.
    const match = words.map((w) => `"${w}"*`).join(' AND ');

    let page;
    if (useFts) {
      // Rank ids only, then read the page's rows: the sorter carries two values, not rows.
      page = sql<CollectionWireRow>`SELECT ${COLUMNS} FROM (
          SELECT collections_fts.rowid AS id, bm25(collections_fts, 10.0, 4.0, 1.0) AS score
          FROM collections_fts JOIN collections c ON c.collection_id = collections_fts.rowid
          WHERE collections_fts MATCH ${match} AND ${where}
          ORDER BY score, id DESC LIMIT ${filter.limit} OFFSET ${filter.offset}) ranked
        JOIN collections c ON c.collection_id = ranked.id
        ORDER BY ranked.score, ranked.id DESC`;
    } else if (words.length > 0) {
      page = sql<CollectionWireRow>`SELECT ${COLUMNS} FROM collections c WHERE ${where}
        ORDER BY CASE WHEN c.search_text LIKE ${`${words[0]}%`} THEN 0 ELSE 1 END,
          c.added_at DESC, c.collection_id DESC
        LIMIT ${filter.limit} OFFSET ${filter.offset}`;
    } else {
      page = sql<CollectionWireRow>`SELECT ${COLUMNS} FROM collections c WHERE ${where}
        ORDER BY c.added_at DESC, c.collection_id DESC
        LIMIT ${filter.limit} OFFSET ${filter.offset}`;
    }
    const rows = (await page.execute(this.db)).rows;

    const matchingIds = useFts
      ? sql`SELECT collections_fts.rowid AS collection_id FROM collections_fts
          JOIN collections c ON c.collection_id = collections_fts.rowid
          WHERE collections_fts MATCH ${match} AND ${where}`
      : sql`SELECT c.collection_id FROM collections c WHERE ${where}`;
    // A narrow match set is walked id by id; a broad one is better read in term order, where
    // the first 500 distinct values are found after a short index scan.
    const narrow =
      words.length > 0 ||
      [filter.genres, filter.tags, filter.labels, filter.artists].some((l) => l.length > 0);
    const facet = (kind: TermKind) =>
      narrow ? this.facetFromIds(kind, matchingIds) : this.facetInTermOrder(kind, where);
    const artists = await facet('artist');
    const labels = await facet('label');
    return { rows, artists, labels };
  }

  private filterConditions(
    filter: ParsedSearchFilter,
    viewer: Viewer,
    words: string[],
  ): RawBuilder<SqlBool>[] {
    const conditions: RawBuilder<SqlBool>[] = [visibleTo(viewer, 'c')];
    // Collections without a release date are dated by the day they were added (spec part 1, §3).
    const released = sql`COALESCE(c.release_date, substr(c.added_at, 1, 10))`;
    if (filter.dateFrom) conditions.push(sql<SqlBool>`${released} >= ${filter.dateFrom}`);
    if (filter.dateTo) conditions.push(sql<SqlBool>`${released} <= ${filter.dateTo}`);
    if (filter.bpmFrom !== null && filter.bpmFrom !== undefined) {
      conditions.push(sql<SqlBool>`c.bpm >= ${filter.bpmFrom}`);
    }
    if (filter.bpmTo !== null && filter.bpmTo !== undefined) {
      conditions.push(sql<SqlBool>`c.bpm <= ${filter.bpmTo}`);
    }
    for (const [kind, values] of [
      ['genre', filter.genres],
      ['tag', filter.tags],
      ['label', filter.labels],
      ['artist', filter.artists],
    ] as const) {
      const condition = termCondition(kind, values);
      if (condition) conditions.push(condition);
    }
    if (this.dialect === 'postgres') {
      for (const word of words) conditions.push(sql<SqlBool>`c.search_text LIKE ${`%${word}%`}`);
    }
    return conditions;
  }

  private async facetFromIds(kind: TermKind, matchingIds: RawBuilder<unknown>): Promise<string[]> {
    // CROSS JOIN makes SQLite drive from the match set (PostgreSQL plans it as a plain join).
    const result = await sql<{ value: string }>`SELECT min(t.value) AS value
      FROM (${matchingIds}) m CROSS JOIN collection_terms t
      WHERE t.collection_id = m.collection_id AND t.kind = ${kind}
      GROUP BY t.value_key ORDER BY t.value_key LIMIT ${FACET_LIMIT}`.execute(this.db);
    return result.rows.map((r) => r.value);
  }

  private async facetInTermOrder(kind: TermKind, where: RawBuilder<SqlBool>): Promise<string[]> {
    const result = await sql<{ value: string }>`SELECT min(t.value) AS value
      FROM collection_terms t
      WHERE t.kind = ${kind} AND EXISTS (
        SELECT 1 FROM collections c WHERE c.collection_id = t.collection_id AND ${where})
      GROUP BY t.value_key ORDER BY t.value_key LIMIT ${FACET_LIMIT}`.execute(this.db);
    return result.rows.map((r) => r.value);
  }
}
