import { sql, type SqlBool } from 'kysely';
import type { SmartDefinition } from '../../../domain/smart-playlist';
import type { Db, Dialect } from '../../db/database';
import {
  candidates,
  SmartQuery,
  unplayedCondition,
  type Cond,
  type Expr,
  type SmartScope,
} from './smart-query.repository';

export type { SmartScope } from './smart-query.repository';

/** One listed track: its id, and its length for the counts. */
interface Row {
  file_id: number | string;
  duration: number | string | null;
}

/** How the unplayed part is read on SQLite (tests set them to reach every path). */
export interface SplitOptions {
  /** false: always the one query (the reference the split must equal). */
  split?: boolean;
  /** Files the first, bounded walk reads per track still wanted. */
  probeRowsPerTrack?: number;
  /** A walk is carried on when the probe's hit rate says it ends within this many files. */
  walkRows?: number;
}

/**
 * Runs the compiled definition (SmartQuery). Sorted by last played or play count, a value the
 * owner's plays give to a few files of a catalogue, the answer is read in two parts with the
 * same order as one query: the played files, sorted, from the owner's plays; and the unplayed
 * ones, whose order is the file id (the CASE ... IS NULL bucket, or play count 0), read in id
 * order up to the cap instead of every match being read and sorted (issue 48: a genre of 80,600
 * files, 500 kept).
 */
export class SmartTracksRepository {
  private readonly query: SmartQuery;
  private readonly options: Required<SplitOptions>;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    options: SplitOptions = {},
  ) {
    this.query = new SmartQuery(dialect);
    this.options = { split: true, probeRowsPerTrack: 25, walkRows: 400_000, ...options };
  }

  /** The matching tracks in order, at most `cap` of them (entries are read for these only). */
  async trackIds(definition: SmartDefinition, scope: SmartScope, cap: number): Promise<number[]> {
    const rows = await this.ordered(definition, scope, cap);
    return rows.map((row) => Number(row.file_id));
  }

  /** How many tracks it lists (up to its limit) and their total seconds: Subsonic's counts. */
  async count(
    definition: SmartDefinition,
    scope: SmartScope,
    cap: number,
  ): Promise<{ count: number; duration: number }> {
    const rows = await this.ordered(definition, scope, cap);
    const duration = rows.reduce((sum, row) => sum + Number(row.duration ?? 0), 0);
    return { count: rows.length, duration };
  }

  private async ordered(definition: SmartDefinition, scope: SmartScope, cap: number) {
    const sort = definition.sort;
    const owner = scope.ownerId;
    if (!this.options.split || (sort?.field !== 'lastPlayed' && sort?.field !== 'playCount')) {
      const where = this.query.where(definition, scope);
      return this.part(candidates(owner, 'any'), where, this.query.order(definition, owner), cap);
    }
    // Played files hold a value (a last play, a count of 1 or more); unplayed ones none or 0,
    // ordered by file id: after the played, but first for play count ascending.
    const direction = sort.order === 'desc' ? sql`DESC` : sql`ASC`;
    const played = (limit: number) =>
      this.part(
        candidates(owner, 'played', this.dialect === 'sqlite'),
        this.query.where(definition, scope, 'played'),
        sql`${this.query.sortExpr(sort.field, owner)} ${direction}, f.file_id`,
        limit,
      );
    const unplayed = (limit: number) => this.unplayed(definition, scope, limit);
    const [first, then] =
      sort.field === 'playCount' && sort.order === 'asc' ? [unplayed, played] : [played, unplayed];
    const head = await first(cap);
    return head.length >= cap ? head : [...head, ...(await then(cap - head.length))];
  }

  /**
   * The first `limit` unplayed matches by file id. SQLite's planner cannot tell a genre of ten
   * files from one of 80,000, so a bounded walk by id probes first: when its hit rate says
   * walking ends soon, the walk goes on (bounded too); else the rest is left to the planner.
   * PostgreSQL is left to its planner (at 1M files it still sorts the genre's matches by id).
   */
  private async unplayed(definition: SmartDefinition, scope: SmartScope, limit: number) {
    const where = sql<SqlBool>`${this.query.where(definition, scope, 'unplayed')}
      AND ${unplayedCondition(scope.ownerId)}`;
    const read = (walk: boolean, from: Cond, n: number) =>
      this.part(
        candidates(scope.ownerId, 'unplayed', walk),
        sql<SqlBool>`${where} AND ${from}`,
        sql`f.file_id`,
        n,
      );
    if (this.dialect === 'postgres') return read(false, sql<SqlBool>`1 = 1`, limit);
    // Two subqueries: min and max in one SELECT would scan every file instead of two seeks.
    const ends = await sql<{ low: number | string | null; high: number | string | null }>`
      SELECT (SELECT min(file_id) FROM files) AS low, (SELECT max(file_id) FROM files) AS high`.execute(
      this.db,
    );
    const low = Number(ends.rows[0]?.low ?? 0);
    const high = Number(ends.rows[0]?.high ?? 0);
    const probe = limit * this.options.probeRowsPerTrack;
    const edge = low - 1 + probe;
    // Ranges bounded on both sides: SQLite guesses them small and so does not first scan every
    // collection into a Bloom filter for the join (25 ms at 100,000), as for "file_id <= ?".
    const found = await read(true, sql<SqlBool>`f.file_id BETWEEN ${low} AND ${edge}`, limit);
    if (found.length >= limit || edge >= high) return found;
    let after = edge;
    const rate = found.length / probe;
    if (rate > 0 && (limit - found.length) / rate <= this.options.walkRows) {
      // Bounded as well: matches dense among the first ids and rare later must not walk them all.
      after = Math.min(high, edge + this.options.walkRows);
      const range = sql<SqlBool>`f.file_id BETWEEN ${edge + 1} AND ${after}`;
      found.push(...(await read(true, range, limit - found.length)));
      if (found.length >= limit || after >= high) return found;
    }
    const rest = await read(false, sql<SqlBool>`f.file_id > ${after}`, limit - found.length);
    return [...found, ...rest];
  }

  private async part(from: Expr, where: Cond, order: Expr, limit: number): Promise<Row[]> {
    const found = await sql<Row>`SELECT f.file_id, a.duration FROM ${from}
      WHERE ${where} ORDER BY ${order} LIMIT ${limit}`.execute(this.db);
    return found.rows;
  }
}
