import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import { useSession } from '../../../app/session';
import { api } from '../../../lib/api-client';
import { playlistKeys } from './playlist-keys';
import { addFilesToPlaylist, removeFileFromPlaylist } from './playlist-files';

const EMPTY: ReadonlySet<number> = new Set();

/** GET /api/playlist/liked/ids: the file ids in the caller's liked playlist. */
export const likedIdsQuery = () =>
  queryOptions({
    queryKey: playlistKeys.likedIds(),
    queryFn: ({ signal }) =>
      api<number[]>('GET', '/api/playlist/liked/ids', undefined, {
        schema: z.array(z.number().int()),
        signal,
        silent: true,
      }),
  });

/** The liked file ids as a set. */
export function useLikedIds(): ReadonlySet<number> {
  const query = useQuery(likedIdsQuery());
  return useMemo(() => (query.data ? new Set(query.data) : EMPTY), [query.data]);
}

/**
 * Like = PUT /api/playlist/{likedPlaylist}/file {ids}; unlike = DELETE .../file/{fileId}
 * (spec part 1, section 4 "Like"). The heart flips at once and flips back if the call fails.
 */
export function useToggleLike() {
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  const likedPlaylist = session?.user.likedPlaylist;
  return useMutation({
    mutationFn: async ({ fileId, liked }: { fileId: number; liked: boolean }) => {
      if (likedPlaylist === undefined) return;
      if (liked) await addFilesToPlaylist(likedPlaylist, [fileId]);
      else await removeFileFromPlaylist(likedPlaylist, fileId);
    },
    onMutate: async ({ fileId, liked }) => {
      await queryClient.cancelQueries({ queryKey: playlistKeys.likedIds() });
      const before = queryClient.getQueryData<number[]>(playlistKeys.likedIds());
      queryClient.setQueryData<number[]>(playlistKeys.likedIds(), (ids = []) =>
        liked ? [...new Set([...ids, fileId])] : ids.filter((id) => id !== fileId),
      );
      return { before };
    },
    onError: (_error, _vars, context) => {
      queryClient.setQueryData(playlistKeys.likedIds(), context?.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: playlistKeys.all }),
  });
}
