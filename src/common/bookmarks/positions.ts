import type { ResumePoint } from '../../../domain/long-listening';
import type { EpisodePosition } from '../../../domain/podcasts';
import { api } from '../../lib/api-client';

/**
 * Positions sent to the server (issue 49): the player keeps where episodes and long tracks
 * were left, the podcasts screens mark episodes played. Silent: a position that fails to
 * save is not worth a toast. Apart from bookmarks.ts (the list), so these stay light.
 */

/** PUT /api/podcast/episode/{id}/position; `played` marks it finished (or not). */
export const saveEpisodePosition = (episodeId: number, body: EpisodePosition, keepalive = false) =>
  api('PUT', `/api/podcast/episode/${episodeId}/position`, body, { silent: true, keepalive });

/** Keeps `positionMs` as the point's position; `keepalive` when the page is going away. */
export function savePosition(point: ResumePoint, positionMs: number, keepalive = false) {
  const body = { positionMs: Math.max(0, Math.round(positionMs)) };
  return point.kind === 'episode'
    ? saveEpisodePosition(point.id, body, keepalive)
    : api('PUT', `/api/bookmark/file/${point.id}`, body, { silent: true, keepalive });
}

/** Finished: an episode is marked played, a track's bookmark is deleted (none: a quiet 404). */
export const finishPosition = (point: ResumePoint) =>
  point.kind === 'episode'
    ? saveEpisodePosition(point.id, { positionMs: 0, played: true })
    : api('DELETE', `/api/bookmark/file/${point.id}`, undefined, { silent: true });
