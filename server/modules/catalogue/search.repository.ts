import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { z } from 'zod';
import type { SearchFilterSchema } from '../../../domain/collection';
import { foldText, queryWords } from '../../../domain/search-text';
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
    const where = and(this.filterConditions(filter, viewer, words));
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
    if (words.length === 0 || this.dialect === 'postgres') {
      const order =
        words.length === 0
          ? sql`c.added_at DESC, c.collection_id DESC`
          : sql`CASE WHEN c.search_text LIKE ${`${words[0]}%`} THEN 0 ELSE 1 END,
              c.added_at DESC, c.collection_id DESC`;
      const result = await sql<{ id: number }>`SELECT c.collection_id AS id FROM collections c
        WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
      return result.rows.map((r) => Number(r.id));
    }
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
    const kind = this.dialect === 'sqlite' ? sql`+t.kind` : sql`t.kind`;
    const result = await sql<{ kind: TermKind; value: string }>`SELECT t.kind, min(t.value) AS value
      FROM collection_terms t
      WHERE t.collection_id IN (${sql.join(ids)}) AND ${kind} IN ('artist', 'label')
      GROUP BY t.kind, t.value_key ORDER BY t.value_key`.execute(this.db);
    const pick = (kind: TermKind) =>
      result.rows
        .filter((r) => r.kind === kind)
        .slice(0, FACET_LIMIT)
        .map((r) => r.value);
    return { artists: pick('artist'), labels: pick('label') };
  }

  private filterConditions(
    filter: ParsedSearchFilter,
    viewer: Visibility,
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
}
