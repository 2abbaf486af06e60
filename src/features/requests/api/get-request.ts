import { queryOptions, useQuery } from '@tanstack/react-query';
import { RequestDetailSchema, type RequestDetail } from '../../../../domain/request';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** GET /api/request/{id}: the request, its author and who filled it. */
export const requestQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.requests.detail(id),
    queryFn: ({ signal }) =>
      api<RequestDetail>('GET', `/api/request/${id}`, undefined, {
        schema: RequestDetailSchema,
        signal,
        silent: true,
      }),
  });

export function useRequest(id: number) {
  return useQuery(requestQuery(id));
}
