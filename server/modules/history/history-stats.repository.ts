import { sql } from 'kysely';
import { roleReach, visibleTo, type RoleReach, type Visibility } from '../../access/collections';
import type { Db } from '../../db/database';

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

export interface TrackCountRow extends CountRow {
  collection_id: number;
  artists: string | null;
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
  constructor(private readonly db: Db) {}

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

  /** Most played tracks (a purged file keeps its plays, with no title). */
  async topTracks(scope: StatsScope, limit: number): Promise<TrackCountRow[]> {
    const rows = await this.scoped(scope)
      .leftJoin('audio as a', 'a.file_id', 'l.file_id')
      .select((eb) => [
        'l.file_id as id',
        'l.collection_id',
        'a.title',
        'a.artists',
        eb.fn.countAll<number | string>().as('plays'),
      ])
      .groupBy(['l.file_id', 'l.collection_id', 'a.title', 'a.artists'])
      .orderBy('plays', 'desc')
      .orderBy('a.title')
      .orderBy('l.file_id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      name: row.title ?? '',
      plays: Number(row.plays),
      collection_id: Number(row.collection_id),
      artists: row.artists,
    }));
  }

  /** Most played artists by the tracks' own artists (a play of a duet counts for both). */
  async topArtists(scope: StatsScope, limit: number): Promise<CountRow[]> {
    const rows = await this.scoped(scope)
      .innerJoin('track_artists as ta', 'ta.file_id', 'l.file_id')
      .innerJoin('artists as ar', 'ar.artist_id', 'ta.artist_id')
      .select((eb) => [
        'ar.artist_id as id',
        'ar.name',
        eb.fn.countAll<number | string>().as('plays'),
      ])
      .groupBy(['ar.artist_id', 'ar.name'])
      .orderBy('plays', 'desc')
      .orderBy('ar.name')
      .orderBy('ar.artist_id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...counted(row), id: Number(row.id) }));
  }

  /** Most played genres, by the collection's genre terms (folded key, first spelling shown). */
  async topGenres(
    scope: StatsScope,
    limit: number,
  ): Promise<Array<{ id: string; name: string; plays: number }>> {
    const rows = await this.scoped(scope)
      .innerJoin('collection_terms as g', (join) =>
        join.onRef('g.collection_id', '=', 'l.collection_id').on('g.kind', '=', 'genre'),
      )
      .select((eb) => [
        'g.value_key as id',
        eb.fn.min<string>('g.value').as('name'),
        eb.fn.countAll<number | string>().as('plays'),
      ])
      .groupBy('g.value_key')
      .orderBy('plays', 'desc')
      .orderBy('g.value_key')
      .limit(limit)
      .execute();
    return rows.map(counted);
  }

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

  /** The day with the most plays; the earliest of equal days. */
  async busiestDay(scope: StatsScope): Promise<{ date: string; plays: number } | null> {
    const row = await this.scoped(scope)
      .select((eb) => [day.as('date'), eb.fn.countAll<number | string>().as('plays')])
      .groupBy(day)
      .orderBy('plays', 'desc')
      .orderBy('date')
      .limit(1)
      .executeTakeFirst();
    return row === undefined ? null : { date: row.date, plays: Number(row.plays) };
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
