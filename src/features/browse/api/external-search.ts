import { infiniteQueryOptions } from '@tanstack/react-query';
import { ExternalSearchResultSchema, type ExternalSearchResult } from '../../../../domain/external';
import { api, ApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { strings } from '../../../lib/strings';
import { queryKeys } from '../../../common/query-keys';

/** Spec part 1, section 8: an external search failure shows its error text for 5 s. */
const EXTERNAL_ERROR_MS = 5000;

/** GET /api/external/search?q=&index=: the server asks the configured external catalogue. */
export const externalSearchQuery = (query: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.browse.external(query),
    queryFn: async ({ pageParam, signal }) => {
      const params = new URLSearchParams({ q: query, index: String(pageParam) });
      try {
        return await api<ExternalSearchResult>('GET', `/api/external/search?${params}`, undefined, {
          schema: ExternalSearchResultSchema,
          silent: true,
          signal,
        });
      } catch (error) {
        if (error instanceof ApiError) {
          notifyError(strings.externalSearch.failed, {
            description: error.message,
            duration: EXTERNAL_ERROR_MS,
          });
        }
        throw error;
      }
    },
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: query.trim() !== '',
    staleTime: 10 * 60_000,
    gcTime: 30 * 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });
