import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

export const unreadCountQuery = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.messages.unread(userId),
    queryFn: ({ signal }) =>
      api<{ count: number }>('GET', '/api/user/dm/unread', undefined, {
        schema: () => import('../../../../domain/user').then((m) => m.UnreadCountSchema),
        silent: true,
        signal,
      }),
    refetchInterval: 60_000,
  });

/** Unread direct messages of the signed-in user (0 while unknown). */
export function useUnreadCount(userId: number | undefined): number {
  const { data } = useQuery({ ...unreadCountQuery(userId ?? 0), enabled: userId !== undefined });
  return data?.count ?? 0;
}
