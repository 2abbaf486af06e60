import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { z } from 'zod';
import type { SearchFilterSchema } from '../../../domain/collection';
import { byCodePoint, foldText, queryWords } from '../../../domain/search-text';
import type { Db, Dialect } from '../../db/database';
import type { TermKind } from '../../db/catalogue-tables';
import { collectionColumns, type CollectionWireRow } from './collection-mapper';
import { visibleTo, type Visibility } from '../../access/collections';

export type ParsedSearchFilter = z.output<typeof SearchFilterSchema>;

/** The filter pop-ups list at most this many artists and labels. */
export const FACET_LIMIT = 500;
/** Artists and labels are taken from this many best results (decision 0010). */
export const FACET_SAMPLE = 1000;

export interface SearchResult {
  rows: CollectionWireRow[];
  artists: string[];
  labels: string[];
}

const COLUMNS = sql.raw(collectionColumns('c'));
const and = (conditions: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> =>
  conditions.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.join(conditions, sql` AND `)}`;

/** Any of the values of one list: an IN over the terms primary key. */
function termCondition(kind: TermKind, values: string[]): RawBuilder<SqlBool> | null {
  if (values.length === 0) return null;
  const keys = [...new Set(values.map(foldText).filter(Boolean))];
  if (keys.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`c.collection_id IN (SELECT collection_id FROM collection_terms
    WHERE kind = ${kind} AND value_key IN (${sql.join(keys)}))`;
}

/**
 * One facet's values: one per folded key (its least spelling), in key order, at most
 * FACET_LIMIT. Both orders are by code point, as SQLite's BINARY and PostgreSQL's "C" compare.
 */
function facetList(
  rows: { kind: TermKind; key: string; value: string }[],
  kind: TermKind,
): string[] {
  const least = new Map<string, string>();
  for (const row of rows) {
    if (row.kind !== kind) continue;
    const seen = least.get(row.key);
    if (seen === undefined || byCodePoint(row.value, seen) < 0) least.set(row.key, row.value);
  }
  return [...least.keys()]
    .sort(byCodePoint)
    .slice(0, FACET_LIMIT)
    .map((key) => least.get(key)!);
}

/**
 * Text search and filters over collections (decision 0010). Results are found as an ordered
 * list of ids first; the page's rows and the artist/label facets are then read for those ids
 * only, so the cost follows the page and the sample, not the size of the match.
 */
export class SearchRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  async search(filter: ParsedSearchFilter, viewer: Visibility): Promise<SearchResult> {
    const words = queryWords(filter.query);
    const where = and(this.filterConditions(filter, viewer));
    const end = filter.offset + filter.limit;
    // The facet sample and (usually) the page come from one ranked id list.
    const sample = await this.rankedIds(words, where, Math.max(FACET_SAMPLE, end), 0);
    const pageIds =
      end <= sample.length || sample.length < Math.max(FACET_SAMPLE, end)
        ? sample.slice(filter.offset, end)
        : await this.rankedIds(words, where, filter.limit, filter.offset);
    const [rows, facets] = await Promise.all([
      this.rowsInOrder(pageIds),
      this.facets(sample.slice(0, FACET_SAMPLE)),
    ]);
    return { rows, ...facets };
  }

  /**
   * Matching collection ids, best first. SQLite: collections whose name, artists or label match
   * come first, ranked by bm25 (name weighs most); collections matched only through track titles
   * follow, newest first, which FTS5 reads in rowid order without scoring every match.
   * PostgreSQL: names starting with the first word first, then newest. No query: newest first.
   */
  private async rankedIds(
    words: string[],
    where: RawBuilder<SqlBool>,
    limit: number,
    offset: number,
  ): Promise<number[]> {
    if (words.length === 0) return this.newestIds(where, limit, offset);
    if (this.dialect === 'postgres') return this.postgresRankedIds(words, where, limit, offset);
    // Words are letters and digits only after folding, so quoting them escapes nothing.
    const terms = words.map((w) => `"${w}"*`).join(' AND ');
    const primary = `{name people}: (${terms})`;
    const first = await sql<{ id: number }>`SELECT f.rowid AS id
      FROM collections_fts f JOIN collections c ON c.collection_id = f.rowid
      WHERE collections_fts MATCH ${primary} AND ${where}
      ORDER BY bm25(collections_fts, 10.0, 4.0, 1.0), f.rowid DESC
      LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
    const ids = first.rows.map((r) => r.id);
    if (ids.length === limit) return ids;
    // How many primary matches precede the title-only ones, to place the offset after them.
    const skipped =
      ids.length > 0
        ? offset
        : Number(
            (
              await sql<{ n: number }>`SELECT count(*) AS n
                FROM collections_fts f JOIN collections c ON c.collection_id = f.rowid
                WHERE collections_fts MATCH ${primary} AND ${where}`.execute(this.db)
            ).rows[0]?.n ?? 0,
          );
    const rest = await sql<{ id: number }>`SELECT f.rowid AS id
      FROM collections_fts f JOIN collections c ON c.collection_id = f.rowid
      WHERE collections_fts MATCH ${terms} AND ${where}
        AND f.rowid NOT IN (SELECT rowid FROM collections_fts WHERE collections_fts MATCH ${primary})
      ORDER BY f.rowid DESC
      LIMIT ${limit - ids.length} OFFSET ${Math.max(0, offset - skipped)}`.execute(this.db);
    return [...ids, ...rest.rows.map((r) => r.id)];
  }

  private async newestIds(
    where: RawBuilder<SqlBool>,
    limit: number,
    offset: number,
  ): Promise<number[]> {
    const result = await sql<{ id: number }>`SELECT c.collection_id AS id FROM collections c
      WHERE ${where} ORDER BY c.added_at DESC, c.collection_id DESC
      LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
    return result.rows.map((r) => Number(r.id));
  }

  /**
   * PostgreSQL (migration 0028): every word a word prefix of `search_words`, as FTS5 matches.
   * Names starting with the first word come first: walked newest first on the index of their
   * first letters; the planner would multiply the estimates of the letters and of the prefix
   * and sort every match instead, so the prefix test is a CASE it does not estimate. The rest
   * follow newest first, walked on the date index for common words, through GIN for rare ones.
   */
  private async postgresRankedIds(
    words: string[],
    where: RawBuilder<SqlBool>,
    limit: number,
    offset: number,
  ): Promise<number[]> {
    // Words are letters and digits only after folding, so quoting them escapes nothing.
    const query = words.map((w) => `'${w}':*`).join(' & ');
    const matches = sql<SqlBool>`c.search_words @@ ${query}::tsquery`;
    const prefix = `${words[0]}%`;
    const letters = [...words[0]!].length >= 3 ? 3 : 1;
    const lead = [...words[0]!].slice(0, letters).join('');
    const named = sql<SqlBool>`substr(c.search_text, 1, ${sql.lit(letters)}) = ${lead}
      AND CASE WHEN c.search_text LIKE ${prefix} THEN ${matches} ELSE false END`;
    const head = await this.newestIds(sql<SqlBool>`${named} AND ${where}`, limit, offset);
    if (head.length === limit) return head;
    const skipped =
      head.length > 0 || offset === 0
        ? offset
        : Number(
            (
              await sql<{ n: number }>`SELECT count(*) AS n FROM collections c
                WHERE ${named} AND ${where}`.execute(this.db)
            ).rows[0]?.n ?? 0,
          );
    const rest = sql<SqlBool>`${matches} AND c.search_text NOT LIKE ${prefix} AND ${where}`;
    const tail = await this.newestIds(rest, limit - head.length, Math.max(0, offset - skipped));
    return [...head, ...tail];
  }

  private async rowsInOrder(ids: number[]): Promise<CollectionWireRow[]> {
    if (ids.length === 0) return [];
    const result = await sql<CollectionWireRow>`SELECT ${COLUMNS} FROM collections c
      WHERE c.collection_id IN (${sql.join(ids)})`.execute(this.db);
    const byId = new Map(result.rows.map((row) => [Number(row.collection_id), row]));
    return ids.map((id) => byId.get(id)).filter((row): row is CollectionWireRow => !!row);
  }

  /** Distinct artists and labels of the sampled results, sorted case-insensitively. */
  private async facets(ids: number[]): Promise<{ artists: string[]; labels: string[] }> {
    if (ids.length === 0) return { artists: [], labels: [] };
    // SQLite would otherwise walk the (kind, ...) primary key over every artist and label;
    // the unary plus keeps it on the covering (collection_id, kind, ...) index.
    // PostgreSQL plans a long IN list as a scan of every term; an unnest join probes the
    // (collection_id, ...) index per id. The rows are grouped here, not in SQL: on PostgreSQL
    // the grouping, its sort and their planning were half of the query's 7 ms (EXPLAIN
    // ANALYZE at 1,000,000 files), and both databases then order by the same rule.
    const from =
      this.dialect === 'sqlite'
        ? sql`collection_terms t WHERE t.collection_id IN (${sql.join(ids)}) AND +t.kind`
        : sql`unnest(${ids}::int[]) AS x(id)
            JOIN collection_terms t ON t.collection_id = x.id WHERE t.kind`;
    const result = await sql<{ kind: TermKind; key: string; value: string }>`SELECT t.kind,
        t.value_key AS key, t.value FROM ${from} IN ('artist', 'label')`.execute(this.db);
    return { artists: facetList(result.rows, 'artist'), labels: facetList(result.rows, 'label') };
  }

  private filterConditions(filter: ParsedSearchFilter, viewer: Visibility): RawBuilder<SqlBool>[] {
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
    return conditions;
  }
}
