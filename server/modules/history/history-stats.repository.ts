import { sql } from 'kysely';
import { roleReach, visibleTo, type RoleReach, type Visibility } from '../../access/collections';
import type { Db, Dialect } from '../../db/database';
import { inIdList } from '../../db/id-list';

/** Whose listens a figure counts (one user's, or everyone's for the administrators' totals). */
export interface StatsScope {
  /** null: every user. */
  userId: number | null;
  /** Only listens of collections this viewer may see now count. */
  viewer: Visibility;
  /** ISO bounds, from inclusive, to exclusive. */
  from: string;
  to: string;
}

export interface CountRow {
  id: number;
  name: string;
  plays: number;
}

export interface DayCountRow {
  date: string;
  plays: number;
  ms: number;
}

export interface FileCountRow {
  file_id: number;
  collection_id: number;
  plays: number;
}

export interface ArtistCreditRow {
  file_id: number;
  artist_id: number;
  name: string;
}

export interface GenreTermRow {
  collection_id: number;
  value_key: string;
  value: string;
}

export interface FirstPlayRow {
  file_id: number;
  collection_id: number;
  played_at: string;
  title: string | null;
  artists: string | null;
}

const month = sql<string>`substr(l.played_at, 6, 2)`;
const day = sql<string>`substr(l.played_at, 1, 10)`;
const year = sql<string>`substr(l.played_at, 1, 4)`;

const counted = <T extends { plays: number | string }>(row: T) => ({
  ...row,
  plays: Number(row.plays),
});

/**
 * The year in review's figures over `listens` (played_at is ISO text, so a year and a month are
 * its leading characters on both dialects). Every figure joins the collection and keeps only
 * what the viewer may see now: a release hidden since drops out of the top lists and totals.
 */
export class HistoryStatsRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  private scoped(scope: StatsScope) {
    return this.db
      .selectFrom('listens as l')
      .innerJoin('collections as c', 'c.collection_id', 'l.collection_id')
      .where('l.played_at', '>=', scope.from)
      .where('l.played_at', '<', scope.to)
      .where(visibleTo(scope.viewer, 'c'))
      .$if(scope.userId !== null, (q) => q.where('l.user_id', '=', scope.userId ?? 0));
  }

  async totals(scope: StatsScope): Promise<{ plays: number; ms: number; listeners: number }> {
    const row = await this.scoped(scope)
      .select((eb) => [
        eb.fn.countAll<number | string>().as('plays'),
        eb.fn.coalesce(eb.fn.sum<number | string>('l.duration_ms'), sql<number>`0`).as('ms'),
        eb.fn.count<number | string>('l.user_id').distinct().as('listeners'),
      ])
      .executeTakeFirstOrThrow();
    return { plays: Number(row.plays), ms: Number(row.ms), listeners: Number(row.listeners) };
  }

  /** Plays per month, January first. */
  async byMonth(scope: StatsScope): Promise<number[]> {
    const rows = await this.scoped(scope)
      .select((eb) => [month.as('month'), eb.fn.countAll<number | string>().as('plays')])
      .groupBy(month)
      .execute();
    const months = Array.from({ length: 12 }, () => 0);
    for (const row of rows) {
      const index = Number(row.month) - 1;
      if (index >= 0 && index < 12) months[index] = Number(row.plays);
    }
    return months;
  }

  /** Most played collections; ties by name, then id, so the order is stable. */
  async topCollections(scope: StatsScope, limit: number): Promise<CountRow[]> {
    const rows = await this.scoped(scope)
      .select((eb) => [
        'c.collection_id as id',
        'c.name as name',
        eb.fn.countAll<number | string>().as('plays'),
      ])
      .groupBy(['c.collection_id', 'c.name'])
      .orderBy('plays', 'desc')
      .orderBy('c.name')
      .orderBy('c.collection_id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...counted(row), id: Number(row.id) }));
  }

  /** Plays and listened time per day (ISO date): a year's totals, months and busiest day. */
  async perDay(scope: StatsScope): Promise<DayCountRow[]> {
    const rows = await this.scoped(scope)
      .select((eb) => [
        day.as('date'),
        eb.fn.countAll<number | string>().as('plays'),
        eb.fn.coalesce(eb.fn.sum<number | string>('l.duration_ms'), sql<number>`0`).as('ms'),
      ])
      .groupBy(day)
      .execute();
    return rows.map((row) => ({ date: row.date, plays: Number(row.plays), ms: Number(row.ms) }));
  }

  /** Plays per file (with its collection): every top list is summed from these. */
  async perFile(scope: StatsScope): Promise<FileCountRow[]> {
    const rows = await this.scoped(scope)
      .select((eb) => [
        'l.file_id',
        'l.collection_id',
        eb.fn.countAll<number | string>().as('plays'),
      ])
      .groupBy(['l.file_id', 'l.collection_id'])
      .execute();
    return rows.map((row) => ({
      file_id: Number(row.file_id),
      collection_id: Number(row.collection_id),
      plays: Number(row.plays),
    }));
  }

  /** Title and artists of files (a purged file has none, and is absent). */
  async tracks(
    fileIds: readonly number[],
  ): Promise<Array<{ file_id: number; title: string | null; artists: string | null }>> {
    if (fileIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('audio as a')
      .where(inIdList(this.dialect, 'a.file_id', fileIds))
      .select(['a.file_id', 'a.title', 'a.artists'])
      .execute();
    return rows.map((row) => ({ ...row, file_id: Number(row.file_id) }));
  }

  async collectionNames(ids: readonly number[]): Promise<Array<{ id: number; name: string }>> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('collections as c')
      .where(inIdList(this.dialect, 'c.collection_id', ids))
      .select(['c.collection_id as id', 'c.name'])
      .execute();
    return rows.map((row) => ({ id: Number(row.id), name: row.name }));
  }

  /** Each file's own artists (a duet names both). */
  async artistCredits(fileIds: readonly number[]): Promise<ArtistCreditRow[]> {
    if (fileIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('track_artists as ta')
      .innerJoin('artists as ar', 'ar.artist_id', 'ta.artist_id')
      .where(inIdList(this.dialect, 'ta.file_id', fileIds))
      .select(['ta.file_id', 'ar.artist_id', 'ar.name'])
      .execute();
    return rows.map((row) => ({
      ...row,
      file_id: Number(row.file_id),
      artist_id: Number(row.artist_id),
    }));
  }

  /** Each collection's genre terms (folded key and spelling). */
  async genreTerms(collectionIds: readonly number[]): Promise<GenreTermRow[]> {
    if (collectionIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('collection_terms as g')
      .where('g.kind', '=', 'genre')
      .where(inIdList(this.dialect, 'g.collection_id', collectionIds))
      .select(['g.collection_id', 'g.value_key', 'g.value'])
      .execute();
    return rows.map((row) => ({ ...row, collection_id: Number(row.collection_id) }));
  }

  /** The first listen in the scope, by time (the first play of a year). */
  async firstPlay(scope: StatsScope): Promise<FirstPlayRow | null> {
    const row = await this.scoped(scope)
      .leftJoin('audio as a', 'a.file_id', 'l.file_id')
      .select(['l.file_id', 'l.collection_id', 'l.played_at', 'a.title', 'a.artists'])
      .orderBy('l.played_at')
      .orderBy('l.listen_id')
      .limit(1)
      .executeTakeFirst();
    if (row === undefined) return null;
    return { ...row, file_id: Number(row.file_id), collection_id: Number(row.collection_id) };
  }

  /** The years in which the user has listens the viewer may see, newest first. */
  async years(userId: number, viewer: Visibility): Promise<number[]> {
    const rows = await this.db
      .selectFrom('listens as l')
      .innerJoin('collections as c', 'c.collection_id', 'l.collection_id')
      .where('l.user_id', '=', userId)
      .where(visibleTo(viewer, 'c'))
      .select(year.as('year'))
      .distinct()
      .orderBy('year', 'desc')
      .execute();
    return rows.map((row) => Number(row.year));
  }

  /** Every role's reach: a year share link opens for anyone, so what any role hides is left out. */
  async roleReaches(): Promise<RoleReach[]> {
    const rows = await this.db
      .selectFrom('roles')
      .select(['blacklisted_tags', 'libraries'])
      .execute();
    return rows.map(roleReach);
  }
}
