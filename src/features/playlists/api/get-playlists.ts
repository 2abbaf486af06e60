import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PlaylistSchema, type Playlist } from '../../../../domain/playlist';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** GET /api/playlist: the caller's playlists. Failures show in place, never as a toast. */
export const myPlaylistsQuery = () =>
  queryOptions({
    queryKey: queryKeys.playlists.mine(),
    queryFn: ({ signal }) =>
      api<Playlist[]>('GET', '/api/playlist', undefined, {
        schema: z.array(PlaylistSchema),
        signal,
        silent: true,
      }),
  });

export function useMyPlaylists() {
  return useQuery(myPlaylistsQuery());
}
