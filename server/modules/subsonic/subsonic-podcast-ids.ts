import { SubsonicError } from './subsonic-call';

/**
 * Podcast channels and episodes (issue 49) have ids of their own kinds: `pc-<feed>` and
 * `pe-<episode>`. `parseRef` (subsonic-ids.ts) knows neither, so an episode id given to a
 * library call is "not found" (70) there; `stream` and the bookmark calls ask here first.
 */
export const channelId = (feedId: number): string => `pc-${feedId}`;
export const episodeId = (id: number): string => `pe-${id}`;

/** The episode behind a `pe-` id, or null for any other id. */
export function episodeIdOf(raw: string): number | null {
  const match = /^pe-(\d{1,15})$/.exec(raw);
  return match ? Number(match[1]) : null;
}

/** A channel id (`pc-3`; a bare number is taken too): else not found. */
export function channelIdOf(raw: string): number {
  const match = /^(?:pc-)?(\d{1,15})$/.exec(raw);
  if (!match) throw new SubsonicError(70, 'Not found');
  return Number(match[1]);
}

/** An episode id for the calls that take only episodes. */
export function requireEpisodeId(raw: string): number {
  const id = episodeIdOf(raw) ?? (/^\d{1,15}$/.test(raw) ? Number(raw) : null);
  if (id === null) throw new SubsonicError(70, 'Not found');
  return id;
}
