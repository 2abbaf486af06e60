import { queryOptions, useQuery } from '@tanstack/react-query';
import { HomepageSchema, type Homepage } from '../../../../domain/homepage';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/**
 * GET /api/homepage. Failures are swallowed (spec part 1, section 8): no toast, no retry
 * storm; the screen only stops its busy state and says so quietly.
 */
export const homepageQuery = () =>
  queryOptions({
    queryKey: queryKeys.home.homepage(),
    queryFn: ({ signal }) =>
      api<Homepage>('GET', '/api/homepage', undefined, {
        schema: HomepageSchema,
        silent: true,
        signal,
      }),
    staleTime: 60_000,
    retry: false,
  });

export function useHomepage() {
  return useQuery(homepageQuery());
}
