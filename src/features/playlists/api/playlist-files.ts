import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sendOrQueue } from '../../../lib/outbox';
import { playlistKeys } from './playlist-keys';

export function addFilesToPlaylist(playlistId: number, ids: number[]): Promise<unknown> {
  return api('PUT', `/api/playlist/${playlistId}/file`, { ids }, { silent: true });
}

export function removeFileFromPlaylist(playlistId: number, fileId: number): Promise<unknown> {
  return api('DELETE', `/api/playlist/${playlistId}/file/${fileId}`, undefined, { silent: true });
}

/**
 * PUT /api/playlist/{id}/file {ids}. Offline (or on a network failure) the call waits in the
 * outbox and goes out when the network returns; the result says which happened.
 */
export function useAddToPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ playlistId, ids }: { playlistId: number; ids: number[] }) =>
      sendOrQueue({ method: 'PUT', path: `/api/playlist/${playlistId}/file`, body: { ids } }),
    onSuccess: (result) => {
      if (result === 'sent') void queryClient.invalidateQueries({ queryKey: playlistKeys.all });
    },
  });
}

/** DELETE /api/playlist/{id}/file/{fileId}. */
export function useRemoveFromPlaylist(playlistId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) => removeFileFromPlaylist(playlistId, fileId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playlistKeys.all }),
  });
}
