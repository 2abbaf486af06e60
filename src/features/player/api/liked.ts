import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { playerStrings } from '../strings';
import { sendOrQueue } from '../../../lib/outbox';

/** The playlists feature's key for the same call: one cache entry, so hearts agree everywhere. */
export const likedIdsKey = ['playlists', 'liked-ids'] as const;

/** GET /api/playlist/liked/ids: file ids in the user's liked playlist. */
export const likedIdsQuery = () =>
  queryOptions({
    queryKey: likedIdsKey,
    queryFn: ({ signal }) =>
      api('GET', '/api/playlist/liked/ids', undefined, {
        schema: z.array(z.number()),
        silent: true,
        signal,
      }),
    staleTime: 60_000,
  });

export function useLikedIds(enabled: boolean) {
  return useQuery({ ...likedIdsQuery(), enabled });
}

/**
 * Like: PUT /api/playlist/{likedPlaylist}/file {ids}; unlike: DELETE .../file/{fileId}.
 * Optimistic, and queued in the outbox while offline.
 */
export function useToggleLike(likedPlaylist: number) {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ fileId, like }: { fileId: number; like: boolean }) =>
      sendOrQueue(
        like
          ? { method: 'PUT', path: `/api/playlist/${likedPlaylist}/file`, body: { ids: [fileId] } }
          : { method: 'DELETE', path: `/api/playlist/${likedPlaylist}/file/${fileId}` },
      ),
    onMutate: ({ fileId, like }) => {
      const before = client.getQueryData<number[]>(likedIdsKey) ?? [];
      client.setQueryData<number[]>(
        likedIdsKey,
        like ? [...before, fileId] : before.filter((id) => id !== fileId),
      );
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context) client.setQueryData(likedIdsKey, context.before);
    },
    onSuccess: (result) => {
      if (result === 'queued') notify(playerStrings.queuedOffline);
      else void client.invalidateQueries({ queryKey: ['playlists'] });
    },
  });
}
