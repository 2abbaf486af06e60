import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PlaylistCreateSchema, PlaylistEditSchema } from '../../../../domain/playlist';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

export type PlaylistCreate = z.input<typeof PlaylistCreateSchema>;
export type PlaylistEdit = z.input<typeof PlaylistEditSchema>;

/**
 * PUT /api/playlist creates. Playlist failures are swallowed (spec part 1, section 8): the
 * caller only resets its busy state.
 */
export function useCreatePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaylistCreate) =>
      api<unknown>('PUT', '/api/playlist', body, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.playlists.mine() }),
  });
}

/** POST /api/playlist/{id} edits title, description, public (and editorial for admins). */
export function useEditPlaylist(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaylistEdit) => api('POST', `/api/playlist/${id}`, body, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.playlists.all }),
  });
}

/** DELETE /api/playlist/{id}. */
export function useDeletePlaylist(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('DELETE', `/api/playlist/${id}`, undefined, { silent: true }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.playlists.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.playlists.mine() });
    },
  });
}
