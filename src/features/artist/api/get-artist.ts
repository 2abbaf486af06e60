import { queryOptions, useQuery } from '@tanstack/react-query';
import { ArtistPageSchema, type ArtistPage } from '../../../../domain/artist';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/**
 * GET /api/artist/{id}: the artist, their collections the caller may see (newest first) and
 * their most played tracks. 404 when unknown or when nothing of theirs is visible.
 */
export const artistQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.artists.detail(id),
    queryFn: ({ signal }) =>
      api<ArtistPage>('GET', `/api/artist/${id}`, undefined, {
        schema: ArtistPageSchema,
        signal,
        silent: true,
      }),
  });

export function useArtist(id: number) {
  return useQuery(artistQuery(id));
}
