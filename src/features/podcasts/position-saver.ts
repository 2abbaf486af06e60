import { saveEpisodePosition } from './api/podcasts-api';
import { episodeStreamUrl } from './episode-track';

/** How often the position of a playing episode is sent (and once more when the page hides). */
const SAVE_EVERY_MS = 5000;

export type WhereNow = () => Promise<{ url: string; seconds: number; playing: boolean } | null>;

let timer: number | null = null;
let current: { episodeId: number; whereNow: WhereNow; lastMs: number } | null = null;

async function save(): Promise<void> {
  if (current === null) return;
  const { episodeId, whereNow } = current;
  const now = await whereNow();
  if (now === null || now.url !== episodeStreamUrl(episodeId)) {
    stop();
    return;
  }
  const positionMs = Math.round(now.seconds * 1000);
  if (positionMs === current.lastMs) return;
  current.lastMs = positionMs;
  await saveEpisodePosition(episodeId, { positionMs }).catch(() => undefined);
}

function stop(): void {
  if (timer !== null) window.clearInterval(timer);
  timer = null;
  current = null;
  document.removeEventListener('visibilitychange', onHide);
}

function onHide(): void {
  if (document.visibilityState === 'hidden') void save();
}

/**
 * Keeps the playing episode's position on the server (issue 49) while it plays, across screens,
 * so another device resumes it where it was left. Ends when the player moves to other audio.
 */
export function followEpisode(episodeId: number, whereNow: WhereNow, startMs: number): void {
  stop();
  current = { episodeId, whereNow, lastMs: startMs };
  timer = window.setInterval(() => void save(), SAVE_EVERY_MS);
  document.addEventListener('visibilitychange', onHide);
}
