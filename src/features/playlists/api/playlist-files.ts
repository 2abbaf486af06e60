import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addFilesCall, removeFileCall } from '../../../common/playlists/playlist-files';
import { queryKeys } from '../../../common/query-keys';
import { api } from '../../../lib/api-client';
import { sendOrQueue } from '../../../lib/outbox';

/**
 * PUT /api/playlist/{id}/file {ids}. Offline (or on a network failure) the call waits in the
 * outbox and goes out when the network returns; the result says which happened.
 */
export function useAddToPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ playlistId, ids }: { playlistId: number; ids: number[] }) =>
      sendOrQueue(addFilesCall(playlistId, ids)),
    onSuccess: (result) => {
      if (result === 'sent')
        void queryClient.invalidateQueries({ queryKey: queryKeys.playlists.all });
    },
  });
}

/** DELETE /api/playlist/{id}/file/{fileId}. */
export function useRemoveFromPlaylist(playlistId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) => {
      const call = removeFileCall(playlistId, fileId);
      return api(call.method, call.path, undefined, { silent: true });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.playlists.all }),
  });
}
