import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PlaylistAddResultSchema,
  PlaylistSchema,
  type PlaylistOrder,
  type PlaylistWithEntries,
} from '../../../../domain/playlist';
import { addFilesCall, removeFileCall } from '../../../common/playlists/playlist-files';
import { queryKeys } from '../../../common/query-keys';
import { api } from '../../../lib/api-client';
import { sendOrQueue, type SendResult } from '../../../lib/outbox';

/** 'queued' offline; otherwise how many of the files were new (0: all were already there). */
export type AddOutcome = { result: 'queued' } | { result: 'sent'; added: number };

/**
 * PUT /api/playlist/{id}/file {ids}. Offline (or on a network failure) the call waits in the
 * outbox and goes out when the network returns; the result says which happened.
 */
export function useAddToPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({
      playlistId,
      ids,
    }: {
      playlistId: number;
      ids: number[];
    }): Promise<AddOutcome> => {
      let added = 0;
      const result: SendResult = await sendOrQueue(addFilesCall(playlistId, ids), async (call) => {
        const answer = await api(call.method, call.path, call.body, {
          silent: true,
          schema: PlaylistAddResultSchema,
        });
        added = answer.added;
      });
      return result === 'queued' ? { result } : { result, added };
    },
    onSuccess: (outcome) => {
      if (outcome.result === 'sent')
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

/**
 * PUT /api/playlist/{id}/order {ids}. The page shows the new order at once; a refusal puts the
 * server's order back (the error toast says why).
 */
export function useReorderPlaylist(playlistId: number) {
  const queryClient = useQueryClient();
  const key = queryKeys.playlists.detail(playlistId);
  return useMutation({
    mutationFn: (entries: PlaylistWithEntries['entries']) =>
      api(
        'PUT',
        `/api/playlist/${playlistId}/order`,
        {
          ids: entries.map((entry) => entry.file.fileId),
        } satisfies PlaylistOrder,
        { schema: PlaylistSchema },
      ),
    onMutate: async (entries) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<PlaylistWithEntries>(key, (old) =>
        old ? { ...old, entries } : old,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.playlists.all }),
  });
}
