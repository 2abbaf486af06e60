import { useQuery } from '@tanstack/react-query';
import { SearchResponseSchema, type SearchResponse } from '../../../../domain/collection';
import { api } from '../../../lib/api-client';
import { requestKeys } from './request-keys';

const FILL_RESULTS = 20;

/** POST /api/audio_collection/search by name, for the fill dialog (what the filler can see). */
export function useCollectionSearch(query: string) {
  const trimmed = query.trim();
  return useQuery({
    queryKey: requestKeys.collectionSearch(trimmed),
    queryFn: ({ signal }) =>
      api<SearchResponse>(
        'POST',
        '/api/audio_collection/search',
        { query: trimmed, offset: 0, limit: FILL_RESULTS },
        { schema: SearchResponseSchema, signal, silent: true },
      ),
    enabled: trimmed !== '',
    staleTime: 60_000,
  });
}
