import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  SearchResponseSchema,
  type SearchFilter,
  type SearchResponse,
} from '../../../domain/collection';
import { api } from '../../lib/api-client';
import { queryKeys } from '../query-keys';

/**
 * POST /api/audio_collection/search: what the caller may see, filtered. Failures are not
 * toasted; each screen says so in place. Browse pages through it; the pickers below ask by name.
 */
export const searchCollections = (body: SearchFilter, signal?: AbortSignal) =>
  api<SearchResponse>('POST', '/api/audio_collection/search', body, {
    schema: SearchResponseSchema,
    signal,
    silent: true,
  });

/** The first `limit` collections whose name matches, for the request fill and import dialogs. */
export const collectionsByNameQuery = (query: string, limit: number) => {
  const trimmed = query.trim();
  return queryOptions({
    queryKey: queryKeys.collections.byName(trimmed, limit),
    queryFn: ({ signal }) => searchCollections({ query: trimmed, offset: 0, limit }, signal),
    enabled: trimmed !== '',
    staleTime: 60_000,
  });
};

export function useCollectionsByName(query: string, limit: number) {
  return useQuery(collectionsByNameQuery(query, limit));
}
