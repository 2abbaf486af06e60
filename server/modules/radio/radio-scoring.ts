import { fitsArtistWindow, RADIO_ARTIST_WINDOW } from '../../../domain/radio';
import type { TrackFeatures } from './radio.repository';

/** What a radio continues from: the seed's artists, genres, tags, label, era, tempo, level. */
export interface SeedProfile {
  artists: Set<number>;
  albumArtists: Set<number>;
  genres: Set<string>;
  tags: Set<string>;
  labels: Set<string>;
  year: number | null;
  bpm: number | null;
  loudness: number | null;
}

const WEIGHTS = {
  artist: 3,
  albumArtist: 2,
  genre: 2.5,
  tag: 1,
  label: 1.5,
  era: 1.5,
  bpm: 1,
  loudness: 0.5,
  coListened: 3,
  /** Up to this much chance, so two radios from one seed differ. */
  jitter: 1.5,
} as const;

const median = (values: readonly number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? null;
};

/** Counts the most common values first, so a big collection does not drown a seed's profile. */
function common<T>(values: readonly T[], keep: number): Set<T> {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return new Set(
    [...counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, keep)
      .map(([value]) => value),
  );
}

/** The profile of a seed made of these tracks (one track, an album, an artist's tracks). */
export function profileOf(tracks: readonly TrackFeatures[]): SeedProfile {
  const numbers = (pick: (t: TrackFeatures) => number | null) =>
    tracks.map(pick).filter((value): value is number => value !== null);
  return {
    artists: common(
      tracks.flatMap((t) => t.artists),
      8,
    ),
    albumArtists: common(
      tracks.flatMap((t) => t.albumArtists),
      4,
    ),
    genres: common(
      tracks.flatMap((t) => t.genres),
      5,
    ),
    tags: common(
      tracks.flatMap((t) => t.tags),
      8,
    ),
    labels: common(
      tracks.flatMap((t) => (t.label === null ? [] : [t.label])),
      2,
    ),
    year: median(numbers((t) => t.year)),
    bpm: median(numbers((t) => t.bpm)),
    loudness: median(numbers((t) => t.loudness)),
  };
}

const closeness = (a: number | null, b: number | null, span: number): number =>
  a === null || b === null ? 0 : Math.max(0, 1 - Math.abs(a - b) / span);

const shared = <T>(values: readonly T[], profile: Set<T>, cap: number): number =>
  Math.min(cap, values.filter((value) => profile.has(value)).length);

/**
 * How much a candidate sounds like a continuation of the seed. `coListened` is its share of
 * the most co-played candidate's plays (0..1); `random` a draw in [0, 1).
 */
export function similarity(
  track: TrackFeatures,
  profile: SeedProfile,
  coListened: number,
  random: number,
): number {
  return (
    WEIGHTS.artist * shared(track.artists, profile.artists, 1) +
    WEIGHTS.albumArtist * shared(track.albumArtists, profile.albumArtists, 1) +
    WEIGHTS.genre * shared(track.genres, profile.genres, 2) +
    WEIGHTS.tag * shared(track.tags, profile.tags, 3) +
    WEIGHTS.label * (track.label !== null && profile.labels.has(track.label) ? 1 : 0) +
    WEIGHTS.era * closeness(track.year, profile.year, 10) +
    WEIGHTS.bpm * closeness(track.bpm, profile.bpm, 30) +
    WEIGHTS.loudness * closeness(track.loudness, profile.loudness, 10) +
    WEIGHTS.coListened * coListened +
    WEIGHTS.jitter * random
  );
}

export interface Scored {
  fileId: number;
  artists: readonly number[];
  score: number;
}

/**
 * Picks up to `count` of the candidates, best first, keeping the diversity rule over the queue
 * so far (`recent`: the artists of the session's last entries, oldest first, extended with
 * each pick) and never a file in `taken` (also extended).
 */
export function pickDiverse(
  candidates: readonly Scored[],
  count: number,
  recent: Array<readonly number[]>,
  taken: Set<number>,
): number[] {
  const picks: number[] = [];
  const ordered = [...candidates].sort((a, b) => b.score - a.score);
  for (const candidate of ordered) {
    if (picks.length >= count) break;
    if (taken.has(candidate.fileId) || !fitsArtistWindow(candidate.artists, recent)) continue;
    picks.push(candidate.fileId);
    taken.add(candidate.fileId);
    recent.push(candidate.artists);
  }
  return picks;
}

/**
 * When nothing left fits the diversity rule (a library of few artists played through), the
 * radio goes on rather than ending: each pick is the candidate whose artists are least
 * present in the last entries, the better scored first among equals.
 */
export function pickLeastRepeated(
  candidates: readonly Scored[],
  count: number,
  recent: Array<readonly number[]>,
  taken: Set<number>,
): number[] {
  const picks: number[] = [];
  let rest = candidates.filter((candidate) => !taken.has(candidate.fileId));
  while (picks.length < count && rest.length > 0) {
    const window = recent.slice(-(RADIO_ARTIST_WINDOW - 1));
    const load = (candidate: Scored) =>
      Math.max(0, ...candidate.artists.map((a) => window.filter((w) => w.includes(a)).length));
    let best = rest[0]!;
    let bestLoad = load(best);
    for (const candidate of rest) {
      const candidateLoad = load(candidate);
      if (
        candidateLoad < bestLoad ||
        (candidateLoad === bestLoad && candidate.score > best.score)
      ) {
        best = candidate;
        bestLoad = candidateLoad;
      }
    }
    picks.push(best.fileId);
    taken.add(best.fileId);
    recent.push(best.artists);
    rest = rest.filter((candidate) => candidate !== best);
  }
  return picks;
}
