import { queryOptions, useQuery } from '@tanstack/react-query';
import { PlaylistWithEntriesSchema, type PlaylistWithEntries } from '../../../../domain/playlist';
import { api } from '../../../lib/api-client';
import { playlistKeys } from './playlist-keys';

/** GET /api/playlist/{id}: details and entries (file, audio, collection, playableInFull). */
export const playlistQuery = (id: number) =>
  queryOptions({
    queryKey: playlistKeys.detail(id),
    queryFn: ({ signal }) =>
      api<PlaylistWithEntries>('GET', `/api/playlist/${id}`, undefined, {
        schema: PlaylistWithEntriesSchema,
        signal,
        silent: true,
      }),
  });

export function usePlaylist(id: number) {
  return useQuery(playlistQuery(id));
}
