import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { TransactionPageSchema } from '../../../../domain/store';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/**
 * GET /api/transaction (the caller's, newest first) or ?all=true (every user's, admins), a
 * page at a time from `offset`; the answer names the next offset, null at the end.
 */
export const transactionsQuery = (scope: 'mine' | 'all') =>
  infiniteQueryOptions({
    queryKey: queryKeys.store.transactions(scope),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ offset: String(pageParam) });
      if (scope === 'all') params.set('all', 'true');
      return api('GET', `/api/transaction?${params.toString()}`, undefined, {
        schema: TransactionPageSchema,
        signal,
        silent: true,
      });
    },
    getNextPageParam: (last) => last.nextOffset ?? undefined,
  });

export function useTransactions(scope: 'mine' | 'all') {
  return useInfiniteQuery(transactionsQuery(scope));
}
