import type { TopEntry, TopGenre, TopTrack } from '../../../domain/history';
import { parseJson } from '../../db/database';
import type { DayCountRow, FileCountRow, HistoryStatsRepository } from './history-stats.repository';

/**
 * A year's figures from two scans of the listens (per day, per file) instead of one scan a
 * figure: a heavy listener's 100,000 plays are read twice, and the top lists are summed here
 * from the per-file counts, with names looked up only for what can make a list.
 */
export interface YearTally {
  plays: number;
  ms: number;
  byMonth: number[];
  busiestDay: { date: string; plays: number } | null;
  topArtists: TopEntry[];
  topCollections: TopEntry[];
  topTracks: TopTrack[];
  topGenres: TopGenre[];
}

/** Binary order, the same on both databases (SQL's ORDER BY name followed the collation). */
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const byId = <K extends number | string>(a: K, b: K): number =>
  typeof a === 'number' && typeof b === 'number' ? a - b : byText(String(a), String(b));

function add<K>(counts: Map<K, number>, key: K, plays: number): void {
  counts.set(key, (counts.get(key) ?? 0) + plays);
}

/**
 * The `limit` most played keys, ties by name then key. Only the keys with at least the plays
 * of the limit-th are named (ties at the edge included), so a long tail costs no lookups.
 */
export async function topOf<K extends number | string>(
  counts: Map<K, number>,
  limit: number,
  names: (keys: K[]) => Promise<Map<K, string>>,
): Promise<Array<{ id: K; name: string; plays: number }>> {
  const sorted = [...counts].sort((a, b) => b[1] - a[1]);
  const edge = sorted[limit - 1]?.[1] ?? 0;
  const contenders = sorted.filter(([, plays]) => plays >= edge);
  const named = await names(contenders.map(([key]) => key));
  return contenders
    .map(([id, plays]) => ({ id, name: named.get(id) ?? '', plays }))
    .sort((a, b) => b.plays - a.plays || byText(a.name, b.name) || byId(a.id, b.id))
    .slice(0, limit);
}

export function dayFigures(days: readonly DayCountRow[]) {
  const byMonth = Array.from({ length: 12 }, () => 0);
  let plays = 0;
  let ms = 0;
  let busiestDay: { date: string; plays: number } | null = null;
  for (const day of days) {
    plays += day.plays;
    ms += day.ms;
    const month = Number(day.date.slice(5, 7)) - 1;
    if (month >= 0 && month < 12) byMonth[month]! += day.plays;
    const busier =
      busiestDay === null ||
      day.plays > busiestDay.plays ||
      (day.plays === busiestDay.plays && day.date < busiestDay.date);
    if (busier) busiestDay = { date: day.date, plays: day.plays };
  }
  return { plays, ms, byMonth, busiestDay };
}

async function topLists(
  stats: HistoryStatsRepository,
  files: readonly FileCountRow[],
  limit: number,
) {
  const perFile = new Map<number, number>();
  const perCollection = new Map<number, number>();
  for (const row of files) {
    add(perFile, row.file_id, row.plays);
    add(perCollection, row.collection_id, row.plays);
  }
  const [credits, terms] = await Promise.all([
    stats.artistCredits([...perFile.keys()]),
    stats.genreTerms([...perCollection.keys()]),
  ]);
  const perArtist = new Map<number, number>();
  const artistNames = new Map<number, string>();
  for (const credit of credits) {
    add(perArtist, credit.artist_id, perFile.get(credit.file_id) ?? 0);
    artistNames.set(credit.artist_id, credit.name);
  }
  const perGenre = new Map<string, number>();
  const genreNames = new Map<string, string>();
  for (const term of terms) {
    add(perGenre, term.value_key, perCollection.get(term.collection_id) ?? 0);
    // The first spelling by binary order, as min(value) chose it.
    const shown = genreNames.get(term.value_key);
    if (shown === undefined || term.value < shown) genreNames.set(term.value_key, term.value);
  }
  const trackRows = new Map<number, { title: string | null; artists: string | null }>();
  const collectionOf = new Map(files.map((row) => [row.file_id, row.collection_id]));
  const [topArtists, topGenres, topCollections, topFiles] = await Promise.all([
    topOf(perArtist, limit, () => Promise.resolve(artistNames)),
    topOf(perGenre, limit, () => Promise.resolve(genreNames)),
    topOf(perCollection, limit, async (ids) => {
      const rows = await stats.collectionNames(ids);
      return new Map(rows.map((row) => [row.id, row.name]));
    }),
    topOf(perFile, limit, async (ids) => {
      for (const row of await stats.tracks(ids)) trackRows.set(row.file_id, row);
      return new Map([...trackRows].map(([id, row]) => [id, row.title ?? '']));
    }),
  ]);
  const topTracks = topFiles.map((entry) => ({
    ...entry,
    name: entry.name || 'Unknown track',
    artists: parseJson<string[]>(trackRows.get(entry.id)?.artists ?? '[]', []),
    collectionId: collectionOf.get(entry.id) ?? 0,
  }));
  return { topArtists, topGenres, topCollections, topTracks };
}

export async function tallyYear(
  stats: HistoryStatsRepository,
  scope: Parameters<HistoryStatsRepository['perDay']>[0],
  limit: number,
): Promise<YearTally> {
  const [days, files] = await Promise.all([stats.perDay(scope), stats.perFile(scope)]);
  return { ...dayFigures(days), ...(await topLists(stats, files, limit)) };
}
