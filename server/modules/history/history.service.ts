import {
  currentYear,
  TOP_LIST_SIZE,
  type HistoryListen,
  type HistoryPage,
  type ListeningTotals,
  type YearFigures,
  type YearStats,
} from '../../../domain/history';
import { requireAdmin, type Caller } from '../../access/caller';
import { requireBrowse, type Visibility } from '../../access/collections';
import { parseJson } from '../../db/database';
import { queryWords } from '../../../domain/search-text';
import { NotFound } from '../../errors';
import type { HistoryStatsRepository, StatsScope } from './history-stats.repository';
import type { HistoryRow, ListensHistoryRepository } from './listens-history.repository';
import { tallyYear, type YearTally } from './year-tally';

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  listensHistory: ListensHistoryRepository;
  historyStats: HistoryStatsRepository;
}

export const LISTEN_NOT_FOUND = 'Listen not found';

const artistsOf = (json: string | null): string[] => parseJson<string[]>(json ?? '[]', []);
const minutesOf = (ms: number): number => Math.round(ms / 60_000);

/** A year's bounds in UTC, as ISO text comparable with listens.played_at. */
export function yearBounds(year: number): { from: string; to: string } {
  const iso = (y: number) => `${String(y).padStart(4, '0')}-01-01T00:00:00.000Z`;
  return { from: iso(year), to: iso(year + 1) };
}

function toListen(row: HistoryRow): HistoryListen {
  return {
    listenId: row.listen_id,
    fileId: row.file_id,
    title: row.title || row.relative_path || 'Unknown track',
    artists: artistsOf(row.artists),
    collectionId: row.collection_id,
    collectionName: row.collection_name,
    imageHash: row.image_hash,
    playedAt: row.played_at,
    client: row.client,
    durationMs: row.duration_ms,
  };
}

function figuresOf(tally: YearTally, year: number): YearFigures {
  return {
    year,
    plays: tally.plays,
    minutes: minutesOf(tally.ms),
    topArtists: tally.topArtists,
    topCollections: tally.topCollections,
    topTracks: tally.topTracks,
    topGenres: tally.topGenres,
    byMonth: tally.byMonth,
  };
}

/**
 * A user's listening history and their year in review, over the plays ListensService records
 * (issue 48). A user reads and deletes only their own listens; administrators get totals over
 * everyone, never one user's list. Everything counts only what the caller may see now.
 */
export class HistoryService {
  constructor(private readonly repos: Repositories) {}

  async page(
    caller: Caller,
    query: { offset: number; limit: number; q?: string | undefined },
  ): Promise<HistoryPage> {
    requireBrowse(caller);
    const words = queryWords(query.q ?? '');
    const { rows, total } = await this.repos.listensHistory.page(
      caller.userId,
      caller,
      words,
      query.offset,
      query.limit,
    );
    return { listens: rows.map(toListen), total };
  }

  /** Someone else's listen answers like a missing one. */
  async deleteOne(caller: Caller, listenId: number): Promise<void> {
    if (!(await this.repos.listensHistory.deleteOne(caller.userId, listenId)))
      throw new NotFound(LISTEN_NOT_FOUND);
  }

  async deleteAll(caller: Caller): Promise<number> {
    return this.repos.listensHistory.deleteAll(caller.userId);
  }

  /** GET /api/user/stats: the caller's year. */
  async stats(caller: Caller, year = currentYear()): Promise<YearStats> {
    requireBrowse(caller);
    const scope = { userId: caller.userId, viewer: caller, ...yearBounds(year) };
    const stats = this.repos.historyStats;
    const [tally, first, years] = await Promise.all([
      tallyYear(stats, scope, TOP_LIST_SIZE),
      stats.firstPlay(scope),
      stats.years(caller.userId, caller),
    ]);
    return {
      ...figuresOf(tally, year),
      firstPlay:
        first === null
          ? null
          : {
              fileId: first.file_id,
              title: first.title || 'Unknown track',
              artists: artistsOf(first.artists),
              collectionId: first.collection_id,
              playedAt: first.played_at,
            },
      mostReplayedDay: tally.busiestDay,
      years,
    };
  }

  /** The figures a user's year shows, also through a year share link (with its visibility). */
  async figures(scope: StatsScope, year: number): Promise<YearFigures> {
    return figuresOf(await tallyYear(this.repos.historyStats, scope, TOP_LIST_SIZE), year);
  }

  /** GET /api/admin/listening: every user's plays together; no list of anyone's listens. */
  async totals(caller: Caller, year = currentYear()): Promise<ListeningTotals> {
    requireAdmin(caller);
    const scope = { userId: null, viewer: caller as Visibility, ...yearBounds(year) };
    const stats = this.repos.historyStats;
    const [totals, byMonth, topCollections] = await Promise.all([
      stats.totals(scope),
      stats.byMonth(scope),
      stats.topCollections(scope, TOP_LIST_SIZE),
    ]);
    return {
      year,
      plays: totals.plays,
      minutes: minutesOf(totals.ms),
      listeners: totals.listeners,
      topCollections,
      byMonth,
    };
  }
}
