import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PlaylistCreateSchema, PlaylistEditSchema } from '../../../../domain/playlist';
import { api } from '../../../lib/api-client';
import { playlistKeys } from './playlist-keys';

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playlistKeys.mine() }),
  });
}

/** POST /api/playlist/{id} edits title, description, public (and editorial for admins). */
export function useEditPlaylist(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaylistEdit) => api('POST', `/api/playlist/${id}`, body, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playlistKeys.all }),
  });
}

/** DELETE /api/playlist/{id}. */
export function useDeletePlaylist(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('DELETE', `/api/playlist/${id}`, undefined, { silent: true }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: playlistKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: playlistKeys.mine() });
    },
  });
}
