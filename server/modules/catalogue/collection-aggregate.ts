import { artistIdentityKey, VARIOUS_ARTISTS } from '../../../domain/artist-keys';
import { foldText } from '../../../domain/search-text';

/** The per-track fields a collection's aggregated audio fields are computed from. */
export interface TrackFacts {
  title: string;
  artists: string[];
  label: string | null;
  genres: string[];
  bpm: number | null;
  releaseDate: string | null;
  duration: number;
  format: string;
  bitrate: number | null;
}

/** The collection's fields: one value (or list) per field, taken from its tracks. */
export interface CollectionAggregate extends Omit<TrackFacts, 'title' | 'format'> {
  /** Null when the collection has no audio. */
  format: string | null;
}

/** Values ordered by how many tracks carry them (ties keep first appearance). */
function byFrequency(values: string[]): string[] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([value]) => value);
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(value * 100) / 100;
}

export function aggregateTracks(tracks: TrackFacts[]): CollectionAggregate {
  const bitrates = tracks.map((t) => t.bitrate).filter((b): b is number => b !== null);
  const dates = tracks.map((t) => t.releaseDate).filter((d): d is string => d !== null);
  return {
    artists: byFrequency(tracks.flatMap((t) => t.artists)),
    label:
      byFrequency(tracks.map((t) => t.label).filter((l): l is string => l !== null))[0] ?? null,
    genres: byFrequency(tracks.flatMap((t) => t.genres)),
    bpm: median(tracks.map((t) => t.bpm).filter((b): b is number => b !== null)),
    // The earliest date: a release is dated by its first track, not a later reissue tag.
    releaseDate: dates.sort()[0] ?? null,
    duration: Math.round(tracks.reduce((sum, t) => sum + t.duration, 0) * 1000) / 1000,
    format: byFrequency(tracks.map((t) => t.format))[0] ?? null,
    bitrate: bitrates.length
      ? Math.round(bitrates.reduce((a, b) => a + b, 0) / bitrates.length)
      : null,
  };
}

/** What a track says about its release's artist. */
export interface AlbumArtistFacts {
  albumArtist: string | null;
  artists: string[];
  compilation: boolean;
}

/**
 * The collection's album artists: the album-artist tag most of its tracks carry; else
 * "Various Artists" for a compilation, or when its tracks name different artists; else the
 * artists every track shares. Names are never split.
 */
export function albumArtistNames(tracks: readonly AlbumArtistFacts[]): string[] {
  const tagged = byFrequency(
    tracks.map((t) => t.albumArtist?.trim() ?? '').filter((name) => name !== ''),
  );
  if (tagged[0] !== undefined) return [tagged[0]];
  if (tracks.length === 0) return [];
  if (tracks.some((t) => t.compilation)) return [VARIOUS_ARTISTS.name];
  const key = (t: AlbumArtistFacts) => t.artists.map(artistIdentityKey).join('\u0000');
  const first = tracks[0]!;
  if (tracks.every((t) => key(t) === key(first))) return first.artists;
  return [VARIOUS_ARTISTS.name];
}

/** Text the search matches against: name, then people, then track titles, folded. */
export function searchText(
  name: string,
  aggregate: CollectionAggregate,
  titles: string[],
): {
  name: string;
  people: string;
  tracks: string;
  all: string;
} {
  const people = foldText([...aggregate.artists, aggregate.label ?? ''].join(' '));
  const tracks = foldText(titles.join(' '));
  const folded = foldText(name);
  return { name: folded, people, tracks, all: [folded, people, tracks].filter(Boolean).join(' ') };
}
