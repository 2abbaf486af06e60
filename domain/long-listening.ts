import type { Track } from './track';

/**
 * What the player does differently for things people listen to at length (issue 49): podcast
 * episodes and library tracks of 20 minutes or more play at a chosen speed and resume where
 * they were left; internet radio shows what the station says it plays. Pure, so the rules are
 * tested without a browser; the engine applies them.
 */

/** The address an episode plays from: the server's copy or its relay of the feed's. */
export const episodeStreamUrl = (episodeId: number): string =>
  `/api/podcast/episode/${episodeId}/stream`;

/** The address a station plays from: the server's relay. */
export const stationStreamUrl = (stationId: number): string =>
  `/api/radio_station/${stationId}/stream`;

const idIn = (pattern: RegExp, url: string): number | null => {
  const match = pattern.exec(url);
  return match ? Number(match[1]) : null;
};

export const episodeIdOf = (track: Pick<Track, 'url'>): number | null =>
  idIn(/^\/api\/podcast\/episode\/(\d+)\/stream$/, track.url);

export const stationIdOf = (track: Pick<Track, 'url'>): number | null =>
  idIn(/^\/api\/radio_station\/(\d+)\/stream$/, track.url);

/**
 * A track at least this long resumes where it was left (issue 49); episodes always do. Here,
 * not beside the bookmark schemas, so the player's rules load without zod.
 */
export const BOOKMARK_MIN_TRACK_MS = 20 * 60 * 1000;

/** Where a track's position is kept on the server: an episode's, or a long library file's. */
export type ResumePoint = { kind: 'episode'; id: number } | { kind: 'file'; id: number };

export function resumePointOf(track: Track): ResumePoint | null {
  const episodeId = episodeIdOf(track);
  if (episodeId !== null) return { kind: 'episode', id: episodeId };
  // A preview is a clip of the track: its position means nothing in the whole.
  if (track.fileId === undefined || track.external || track.isPreview) return null;
  return track.duration * 1000 >= BOOKMARK_MIN_TRACK_MS ? { kind: 'file', id: track.fileId } : null;
}

export const samePoint = (a: ResumePoint | null, b: ResumePoint | null): boolean =>
  a !== null && b !== null && a.kind === b.kind && a.id === b.id;

/** Within this much of the end a recording counts as finished: its bookmark goes. */
export const FINISHED_WITHIN_MS = 30_000;
/** Closer to the start than this there is nothing worth coming back to. */
export const WORTH_KEEPING_MS = 5_000;

/**
 * Whether `positionMs` of `durationMs` (0 or less: not known) is the end of the recording: its
 * last 30 s, or its last 5% when shorter than 10 minutes (a 90-second trailer left at 1:00 is
 * not finished).
 */
export function isFinished(positionMs: number, durationMs: number): boolean {
  if (durationMs <= 0) return false;
  return positionMs >= durationMs - Math.min(FINISHED_WITHIN_MS, durationMs * 0.05);
}

/**
 * Where a recording started again resumes: its saved position, unless that is nothing worth
 * resuming (the first seconds) or the end (a finished one starts over); null: from the start.
 */
export function resumeFrom(savedMs: number, durationMs: number): number | null {
  if (savedMs < WORTH_KEEPING_MS || isFinished(savedMs, durationMs)) return null;
  return savedMs;
}

/** The playback speeds offered (issue 49); music always plays at 1x. */
export const SPEED_CHOICES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3] as const;

/** A stored or chosen value as a speed: one of the choices, anything else is 1x. */
export function speedSetting(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return (SPEED_CHOICES as readonly unknown[]).includes(n) ? (n as number) : 1;
}

/** Whether the speed setting applies to `track`: episodes and long library tracks. */
export const speedApplies = (track: Track | null | undefined): boolean =>
  track !== null && track !== undefined && resumePointOf(track) !== null;

/** The rate `track` plays at with the speed setting `speed`. */
export const rateFor = (track: Track | null | undefined, speed: number): number =>
  speedApplies(track) ? speedSetting(speed) : 1;

/** How a speed reads: "1x", "1.25x". */
export const speedLabel = (speed: number): string => `${speed}x`;

/** A position as a clock: "1:05" or "1:02:03". */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
