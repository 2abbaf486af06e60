import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  SmartPlaylistIdSchema,
  SmartPlaylistSchema,
  SmartPlaylistWithEntriesSchema,
  type SmartPlaylistInput,
} from '../../../../domain/smart-playlist';
import { queryKeys } from '../../../common/query-keys';
import { api } from '../../../lib/api-client';

/**
 * Smart playlists sit under the playlists' keys: whatever refreshes playlists (a like, an
 * edit) refreshes them too. Their tracks are computed by the server on every read.
 */
const smartKeys = {
  all: [...queryKeys.playlists.all, 'smart'] as const,
  list: () => [...queryKeys.playlists.all, 'smart', 'list'] as const,
  detail: (id: number) => [...queryKeys.playlists.all, 'smart', 'detail', id] as const,
};

/** GET /api/smart_playlist: the caller's and the public ones. */
export const smartPlaylistsQuery = () =>
  queryOptions({
    queryKey: smartKeys.list(),
    queryFn: ({ signal }) =>
      api('GET', '/api/smart_playlist', undefined, {
        schema: z.array(SmartPlaylistSchema),
        signal,
        silent: true,
      }),
  });

export const useSmartPlaylists = () => useQuery(smartPlaylistsQuery());

/** GET /api/smart_playlist/{id}: never stale (a play may have changed it), read on every visit. */
export const smartPlaylistQuery = (id: number) =>
  queryOptions({
    queryKey: smartKeys.detail(id),
    queryFn: ({ signal }) =>
      api('GET', `/api/smart_playlist/${id}`, undefined, {
        schema: SmartPlaylistWithEntriesSchema,
        signal,
        silent: true,
      }),
    staleTime: 0,
  });

export const useSmartPlaylist = (id: number) =>
  useQuery({ ...smartPlaylistQuery(id), refetchOnMount: 'always' });

/**
 * PUT /api/smart_playlist (create) or POST /api/smart_playlist/{id} (edit). Silent: the editor
 * shows a refusal on the rule it names.
 */
export function useSaveSmartPlaylist(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SmartPlaylistInput) =>
      api(
        id === null ? 'PUT' : 'POST',
        `/api/smart_playlist${id === null ? '' : `/${id}`}`,
        input,
        {
          schema: SmartPlaylistIdSchema,
          silent: true,
        },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: smartKeys.all }),
  });
}

/** DELETE /api/smart_playlist/{id}. */
export function useDeleteSmartPlaylist(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('DELETE', `/api/smart_playlist/${id}`),
    onSuccess: () => client.removeQueries({ queryKey: smartKeys.detail(id) }),
    onSettled: () => client.invalidateQueries({ queryKey: smartKeys.list() }),
  });
}
