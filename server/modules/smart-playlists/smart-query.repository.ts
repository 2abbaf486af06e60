import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  fieldInfo,
  type SmartDefinition,
  type SmartField,
  type SmartRule,
  type SmartSortField,
} from '../../../domain/smart-playlist';
import { visibleTo, type Visibility } from '../../access/collections';
import type { Dialect } from '../../db/database';
import { ACCENT_PAIRS, daysAgo, foldLight, foldTerm, likeLiteral } from './smart-conditions';

export type Cond = RawBuilder<SqlBool>;
export type Expr = RawBuilder<unknown>;

/** Whose listening the per-user fields read (the owner) and who looks (the viewer). */
export interface SmartScope {
  ownerId: number;
  viewer: Visibility & { userId: number };
}

/**
 * Which files a query reads: any (the owner's plays left-joined as lp), only the owner's played
 * files (lp inner-joined), or only the unplayed ones (no lp: its fields are constants there).
 */
export type Plays = 'any' | 'played' | 'unplayed';

const TERM_KIND = { genre: 'genre', tag: 'tag', label: 'label' } as const;
const TIMESTAMPS: readonly SmartField[] = ['dateAdded', 'lastPlayed'];

/**
 * Compiles a checked smart playlist definition into conditions and an order over files (f),
 * audio (a), collections (c) and the owner's plays (lp), narrowed by the viewer's visibility
 * (visibleTo) like every list. Values are always bound parameters; only fixed column names and
 * operators are written into the SQL. SmartTracksRepository runs what it compiles.
 */
export class SmartQuery {
  constructor(private readonly dialect: Dialect) {}

  /** The definition's conditions and the viewer's visibility, over candidates(plays). */
  where(definition: SmartDefinition, scope: SmartScope, plays: Plays = 'any'): Cond {
    const base = sql<SqlBool>`${visibleTo(scope.viewer, 'c')} AND f.missing_since IS NULL`;
    if (definition.rules.length === 0) return base;
    const joiner = definition.match === 'all' ? sql` AND ` : sql` OR `;
    const now = Date.now();
    const rules = definition.rules.map((rule) => this.rule(rule, scope.ownerId, now, plays));
    return sql<SqlBool>`${base} AND (${sql.join(rules, joiner)})`;
  }

  /** The definition's order, ending on f.file_id so that it is total. */
  order(definition: SmartDefinition, ownerId: number): Expr {
    const sort = definition.sort;
    if (sort === undefined)
      return sql`c.name, coalesce(a.disc_number, 1), a.track_number, f.relative_path, f.file_id`;
    const expr = this.sortExpr(sort.field, ownerId);
    const direction = sort.order === 'desc' ? sql`DESC` : sql`ASC`;
    // Tracks without the value come last either way, on both databases.
    return sql`CASE WHEN ${expr} IS NULL THEN 1 ELSE 0 END, ${expr} ${direction}, f.file_id`;
  }

  /** The value a sort field orders by (over lp, the owner's plays, for the play fields). */
  sortExpr(field: SmartSortField, ownerId: number): Expr {
    return field === 'artist' ? sql`a.artists` : this.value(field, ownerId);
  }

  /** The single value a field has for one track (the multi-valued fields are handled apart). */
  private value(field: SmartField, ownerId: number, plays: Plays = 'any'): Expr {
    switch (field) {
      case 'title':
        return sql`a.title`;
      case 'album':
        return sql`c.name`;
      case 'format':
        return sql`a.format`;
      case 'library':
        return sql`c.library_id`;
      case 'year':
        return sql`substr(${released}, 1, 4)`;
      case 'releaseDate':
        return released;
      case 'dateAdded':
        return sql`f.added_at`;
      case 'duration':
        return sql`a.duration`;
      case 'bpm':
        return sql`a.bpm`;
      // A file known to be unplayed has no plays row to read: its values are constants.
      case 'playCount':
        return plays === 'unplayed' ? sql`0` : sql`coalesce(lp.plays, 0)`;
      case 'lastPlayed':
        return plays === 'unplayed' ? sql`CAST(NULL AS text)` : sql`lp.last_played`;
      case 'rating':
        return sql`coalesce((SELECT max(r.rating) FROM ratings r
          WHERE r.user_id = ${ownerId} AND r.kind = 'song' AND r.item_id = f.file_id), 0)`;
      case 'artist':
      case 'albumArtist':
      case 'genre':
      case 'tag':
      case 'label':
      case 'liked':
      case 'favouriteAlbum':
        // Sets, not single values: textRule and the boolean rules handle them.
        throw new Error(`no single value for ${field}`);
    }
  }

  private rule(rule: SmartRule, ownerId: number, now: number, plays: Plays): Cond {
    const { field, op } = rule;
    if (field === 'liked' || field === 'favouriteAlbum') {
      const holds = field === 'liked' ? liked(ownerId) : favourite(ownerId);
      return op === 'isTrue' ? holds : sql<SqlBool>`NOT (${holds})`;
    }
    const info = fieldInfo(field);
    if (info.kind === 'text') return this.textRule(rule);
    const expr = this.value(field, ownerId, plays);
    if (op === 'inLast' || op === 'notInLast') {
      const cutoff = daysAgo(Number(rule.value), now);
      const edge = TIMESTAMPS.includes(field) ? cutoff : cutoff.slice(0, 10);
      return op === 'inLast'
        ? sql<SqlBool>`${expr} >= ${edge}`
        : sql<SqlBool>`(${expr} IS NULL OR ${expr} < ${edge})`;
    }
    // Dates compare by day; a year compares as its four digits (no cast of free text).
    const side = info.kind === 'date' ? sql`substr(${expr}, 1, 10)` : expr;
    const bind = (v: unknown): Expr =>
      field === 'year' ? sql`${String(v).padStart(4, '0')}` : sql`${v}`;
    switch (op) {
      case 'is':
        return sql<SqlBool>`${side} = ${bind(rule.value)}`;
      case 'isNot':
        return sql<SqlBool>`(${expr} IS NULL OR ${side} <> ${bind(rule.value)})`;
      case 'gt':
        return sql<SqlBool>`${side} > ${bind(rule.value)}`;
      case 'lt':
        return sql<SqlBool>`${side} < ${bind(rule.value)}`;
      case 'between': {
        const [low, high] = ordered(rule.value as Pair);
        return sql<SqlBool>`${side} BETWEEN ${bind(low)} AND ${bind(high)}`;
      }
      case 'contains':
      case 'notContains':
      case 'startsWith':
      case 'isTrue':
      case 'isFalse':
        // The schema lets these reach text and boolean fields only, handled above.
        throw new Error(`'${op}' does not fit ${field}`);
    }
  }

  private textRule(rule: SmartRule): Cond {
    const raw = String(rule.value);
    const negative = rule.op === 'isNot' || rule.op === 'notContains';
    const positive = rule.op === 'isNot' ? 'is' : rule.op === 'notContains' ? 'contains' : rule.op;
    const field = rule.field;
    if (field === 'genre' || field === 'tag' || field === 'label') {
      const key = foldTerm(raw);
      const match = compare(sql`t.value_key`, positive, key);
      // IN over the terms' primary key (kind, value_key, ...): a selective rule drives the plan.
      const ids = sql`SELECT t.collection_id FROM collection_terms t
        WHERE t.kind = ${TERM_KIND[field]} AND ${match}`;
      if (!negative) return sql<SqlBool>`c.collection_id IN (${ids})`;
      // PostgreSQL costs a NOT IN subplan once per row of a walk by id, so it never walks; as
      // an anti-join probe of (collection_id, kind, value_key) it walks and stops at the LIMIT.
      if (this.dialect === 'postgres')
        return sql<SqlBool>`NOT EXISTS (SELECT 1 FROM collection_terms t
          WHERE t.collection_id = c.collection_id AND t.kind = ${TERM_KIND[field]} AND ${match})`;
      return sql<SqlBool>`c.collection_id NOT IN (${ids})`;
    }
    const value = foldLight(raw);
    if (field === 'artist' || field === 'albumArtist') {
      const match = this.foldedMatch(sql`ar.name`, positive, value);
      const [own, ids] =
        field === 'artist'
          ? [
              sql`f.file_id`,
              sql`SELECT ta.file_id FROM track_artists ta
                JOIN artists ar ON ar.artist_id = ta.artist_id WHERE ${match}`,
            ]
          : [
              sql`c.collection_id`,
              sql`SELECT ca.collection_id FROM collection_artists ca
                JOIN artists ar ON ar.artist_id = ca.artist_id WHERE ${match}`,
            ];
      return negative ? sql<SqlBool>`${own} NOT IN (${ids})` : sql<SqlBool>`${own} IN (${ids})`;
    }
    const column = this.value(field, 0);
    const match = this.foldedMatch(column, positive, value);
    return negative ? sql<SqlBool>`(${column} IS NULL OR NOT ${match})` : match;
  }

  /**
   * The column, folded like foldLight, compared with a folded value. On SQLite the letter-by-
   * letter fold runs only for text holding a character beyond printable ASCII: for the rest,
   * lower() already is the fold, which keeps a text rule cheap over a million titles.
   */
  private foldedMatch(column: Expr, op: string, value: string): Cond {
    if (this.dialect === 'postgres') return compare(this.fold(column), op, value);
    return sql<SqlBool>`(${compare(sql`lower(${column})`, op, value)}
      OR (${column} GLOB '*[^ -~]*' AND ${compare(this.fold(column), op, value)}))`;
  }

  /**
   * The column folded like foldLight. PostgreSQL lowers every letter and translates the accents
   * in one call; SQLite's lower() knows ASCII only, so accented capitals are mapped as well.
   */
  private fold(column: Expr): Expr {
    if (this.dialect === 'postgres') {
      const from = ACCENT_PAIRS.map(([letter]) => letter).join('');
      const to = ACCENT_PAIRS.map(([, plain]) => plain).join('');
      return sql`translate(lower(${column}), ${from}, ${to})`;
    }
    let folded: Expr = column;
    for (const [letter, plain] of ACCENT_PAIRS) {
      const upper = letter.toUpperCase();
      folded = sql`replace(${folded}, ${letter}, ${plain})`;
      if (upper !== letter && upper.length === 1)
        folded = sql`replace(${folded}, ${upper}, ${plain})`;
    }
    return sql`lower(${folded})`;
  }
}

/** The owner's plays per file (lp), aggregated once per query, read by the play fields. */
const playsOf = (ownerId: number): Expr => sql`(SELECT l.file_id, count(*) AS plays,
  max(l.played_at) AS last_played FROM listens l WHERE l.user_id = ${ownerId}
  GROUP BY l.file_id) lp`;

/**
 * The files a part of the answer reads, with the aliases where() and order() use. 'played'
 * starts from the owner's plays, few beside a catalogue; 'unplayed' has no lp. `walk` (SQLite
 * only) fixes where the plan starts, CROSS JOIN keeping the tables' order: at the plays, or at
 * files read by id (NOT INDEXED), stopping at the LIMIT. SQLite's planner would otherwise start
 * at a rule's index (a genre's 80,000 files) and sort them all: it cannot tell that genre from
 * one of ten files.
 */
export function candidates(ownerId: number, plays: Plays, walk = false): Expr {
  const join = walk ? sql`CROSS JOIN` : sql`JOIN`;
  // Collections first: their rules (genre, tag, label) skip most files before audio is read.
  const catalogue = sql`${join} collections c ON c.collection_id = f.collection_id
    ${join} audio a ON a.file_id = f.file_id`;
  if (plays === 'any')
    return sql`files f ${catalogue} LEFT JOIN ${playsOf(ownerId)} ON lp.file_id = f.file_id`;
  if (plays === 'played')
    return sql`${playsOf(ownerId)} ${join} files f ON f.file_id = lp.file_id ${catalogue}`;
  return walk ? sql`files f NOT INDEXED ${catalogue}` : sql`files f ${catalogue}`;
}

/**
 * What makes a file unplayed by the owner. On a.file_id (the same as f.file_id) so that SQLite
 * probes the plays last, for the files the other rules kept, not for every file walked.
 */
export const unplayedCondition = (ownerId: number): Cond => sql<SqlBool>`NOT EXISTS (SELECT 1
  FROM listens l WHERE l.file_id = a.file_id AND l.user_id = ${ownerId})`;

/** COALESCE of the track's and the album's release date (ISO text, possibly partial). */
const released = sql`coalesce(a.release_date, c.release_date)`;

function compare(column: Expr, op: string, value: string): Cond {
  switch (op) {
    case 'is':
      return sql<SqlBool>`${column} = ${value}`;
    case 'startsWith':
      return sql<SqlBool>`${column} LIKE ${`${likeLiteral(value)}%`} ESCAPE '\\'`;
    default:
      return sql<SqlBool>`${column} LIKE ${`%${likeLiteral(value)}%`} ESCAPE '\\'`;
  }
}

const liked = (ownerId: number): Cond => sql<SqlBool>`f.file_id IN (SELECT kf.file_id
  FROM playlists k JOIN playlist_files kf ON kf.playlist_id = k.playlist_id
  WHERE k.user_id = ${ownerId} AND k.kind = 'liked')`;

const favourite = (ownerId: number): Cond => sql<SqlBool>`c.collection_id IN (SELECT s.item_id
  FROM stars s WHERE s.user_id = ${ownerId} AND s.kind = 'album')`;

type Pair = readonly [string | number, string | number];

/** The two values of "between", low first ("between 2024 and 2022" is 2022 to 2024). */
const ordered = (pair: Pair): Pair => (pair[0] <= pair[1] ? pair : [pair[1], pair[0]]);
