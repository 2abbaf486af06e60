import { queryOptions, useQuery } from '@tanstack/react-query';
import { SubscriptionAnswerSchema, type Subscription } from '../../../../domain/store';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** GET /api/payments/subscription: the caller's subscription, or null. */
export const subscriptionQuery = () =>
  queryOptions({
    queryKey: queryKeys.store.subscription(),
    queryFn: async ({ signal }): Promise<Subscription | null> => {
      const answer = await api('GET', '/api/payments/subscription', undefined, {
        schema: SubscriptionAnswerSchema,
        signal,
        silent: true,
      });
      return answer.subscription;
    },
  });

export function useSubscription() {
  return useQuery(subscriptionQuery());
}
