import { queryOptions, useQuery } from '@tanstack/react-query';
import { PlaylistWithEntriesSchema, type PlaylistWithEntries } from '../../../domain/playlist';
import { api } from '../../lib/api-client';
import { queryKeys } from '../query-keys';

/**
 * GET /api/playlist/{id}: details and entries (file, audio, collection, playableInFull). The
 * playlist page reads it through the query; saving a playlist for offline calls it directly.
 */
export const getPlaylist = (
  id: number,
  { signal, silent = true }: { signal?: AbortSignal; silent?: boolean } = {},
): Promise<PlaylistWithEntries> =>
  api<PlaylistWithEntries>('GET', `/api/playlist/${id}`, undefined, {
    schema: PlaylistWithEntriesSchema,
    signal,
    silent,
  });

export const playlistQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.playlists.detail(id),
    queryFn: ({ signal }) => getPlaylist(id, { signal }),
  });

export function usePlaylist(id: number) {
  return useQuery(playlistQuery(id));
}
