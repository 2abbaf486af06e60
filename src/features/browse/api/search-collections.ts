import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { canLoadMore, toSearchFilter, type BrowseFilters } from '../../../../domain/browse-filters';
import type { SearchResponse } from '../../../../domain/collection';
import { searchCollections } from '../../../common/collections/search-collections';
import { queryKeys } from '../../../common/query-keys';

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
    queryKey: queryKeys.browse.search(filters),
    queryFn: ({ pageParam, signal }) =>
      searchCollections(toSearchFilter(filters, pageParam), signal),
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
