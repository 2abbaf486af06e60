import { queryOptions } from '@tanstack/react-query';
import { ArtistSearchAnswerSchema, type ArtistSearchAnswer } from '../../../../domain/artist';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** How many artists the browse page offers above its results. */
export const ARTIST_RESULTS = 12;

/**
 * GET /api/artists?query=&limit=: artists whose name or sort name matches the text query.
 * Failures are swallowed (the row simply does not show), like the collection search's.
 */
export const searchArtistsQuery = (query: string) =>
  queryOptions({
    queryKey: queryKeys.artists.search(query, ARTIST_RESULTS),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ query, limit: String(ARTIST_RESULTS) });
      return api<ArtistSearchAnswer>('GET', `/api/artists?${params}`, undefined, {
        schema: ArtistSearchAnswerSchema,
        signal,
        silent: true,
      });
    },
    enabled: query !== '',
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });
