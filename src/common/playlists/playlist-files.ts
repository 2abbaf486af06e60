import type { PlaylistAddFiles } from '../../../domain/playlist';
import type { OutboxCall } from '../../lib/outbox';

/**
 * The two calls that change a playlist's files, described once: likes (the liked playlist) and
 * the add-to-playlist dialog send them through the offline outbox, the playlist page directly.
 */

/** PUT /api/playlist/{id}/file {ids} */
export const addFilesCall = (playlistId: number, ids: number[]): OutboxCall => ({
  method: 'PUT',
  path: `/api/playlist/${playlistId}/file`,
  body: { ids } satisfies PlaylistAddFiles,
});

/** DELETE /api/playlist/{id}/file/{fileId} */
export const removeFileCall = (playlistId: number, fileId: number): OutboxCall => ({
  method: 'DELETE',
  path: `/api/playlist/${playlistId}/file/${fileId}`,
});
