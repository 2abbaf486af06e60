import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { RequestPageSchema, type RequestPage } from '../../../../domain/request';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

export interface RequestListPage {
  offset: number;
  count: number;
  /** Only this user's requests (the own-only checkbox). */
  userId: number | null;
}

/** GET /api/request?offset&count[&userId] */
export const requestsQuery = (page: RequestListPage) =>
  queryOptions({
    queryKey: queryKeys.requests.list(page),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        offset: String(page.offset),
        count: String(page.count),
      });
      if (page.userId !== null) params.set('userId', String(page.userId));
      return api<RequestPage>('GET', `/api/request?${params.toString()}`, undefined, {
        schema: RequestPageSchema,
        signal,
        silent: true,
      });
    },
    placeholderData: keepPreviousData,
  });

export function useRequests(page: RequestListPage) {
  return useQuery(requestsQuery(page));
}
