import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { canLoadMore, toSearchFilter, type BrowseFilters } from '../../../../domain/browse-filters';
import { SearchResponseSchema, type SearchResponse } from '../../../../domain/collection';
import { api } from '../../../lib/api-client';

/** Keys of this feature (the shared factory in src/lib belongs to the shell). */
export const browseKeys = {
  all: ['browse'] as const,
  searches: () => ['browse', 'search'] as const,
  search: (filters: BrowseFilters) => ['browse', 'search', filters] as const,
  external: (query: string) => ['browse', 'external', query] as const,
};

/** Kept for the whole visit: leaving /browse and coming back shows the same pages (keep-alive). */
const KEEP_ALIVE_MS = 30 * 60_000;

export function loadedCount(data: InfiniteData<SearchResponse, unknown> | undefined): number {
  return data?.pages.reduce((sum, page) => sum + page.data.length, 0) ?? 0;
}

/**
 * POST /api/audio_collection/search, 50 per page. The next offset exists only while every
 * page came back full (a non-zero multiple of 50 loaded). Failures are swallowed (no toast).
 */
export const searchCollectionsQuery = (filters: BrowseFilters) =>
  infiniteQueryOptions({
    queryKey: browseKeys.search(filters),
    queryFn: ({ pageParam, signal }) =>
      api<SearchResponse>(
        'POST',
        '/api/audio_collection/search',
        toSearchFilter(filters, pageParam),
        {
          schema: SearchResponseSchema,
          silent: true,
          signal,
        },
      ),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
      return canLoadMore(loaded) ? loaded : undefined;
    },
    staleTime: KEEP_ALIVE_MS,
    gcTime: KEEP_ALIVE_MS,
    refetchOnWindowFocus: false,
    retry: false,
  });
