import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { LikedIdsSchema, type LikedIds } from '../../../domain/playlist';
import { api } from '../../lib/api-client';
import { queryKeys } from '../query-keys';

const EMPTY: ReadonlySet<number> = new Set();

/**
 * GET /api/playlist/liked/ids: the file ids in the caller's liked playlist. One entry for every
 * heart (player, collection page, playlists), kept under the playlists prefix so a playlist
 * change refreshes it and a like refreshes the liked playlist.
 */
export const likedIdsQuery = () =>
  queryOptions({
    queryKey: queryKeys.playlists.likedIds(),
    queryFn: ({ signal }) =>
      api<LikedIds>('GET', '/api/playlist/liked/ids', undefined, {
        schema: LikedIdsSchema,
        silent: true,
        signal,
      }),
    staleTime: 60_000,
  });

/** The liked file ids as a set. */
export function useLikedIds(): ReadonlySet<number> {
  const { data } = useQuery(likedIdsQuery());
  return useMemo(() => (data ? new Set(data) : EMPTY), [data]);
}
