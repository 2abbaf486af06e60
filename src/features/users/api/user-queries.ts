import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { UNLOCKED_PAGE_SIZE, UnlockedPageSchema } from '../../../../domain/account';
import type { Collection } from '../../../../domain/collection';
import {
  UserSearchResultSchema,
  UserWithRoleSchema,
  type UserSearchQuery,
  type UserWithRole,
} from '../../../../domain/user';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** GET /api/user/{id}: the profile and its role; private fields only for self and admins. */
export const userQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.users.user(id),
    queryFn: ({ signal }) =>
      api<UserWithRole>('GET', `/api/user/${id}`, undefined, {
        schema: UserWithRoleSchema,
        signal,
        silent: true,
      }),
  });

export const useUser = (id: number) => useQuery(userQuery(id));

/** GET /api/user/{id}/unlocked, 100 at a time; a short (or empty) page ends the list. */
export const unlockedQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.users.unlocked(id),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api<Collection[]>(
        'GET',
        `/api/user/${id}/unlocked?offset=${pageParam}&limit=${UNLOCKED_PAGE_SIZE}`,
        undefined,
        { schema: UnlockedPageSchema, signal, silent: true },
      ),
    getNextPageParam: (last, pages) =>
      last.length < UNLOCKED_PAGE_SIZE
        ? undefined
        : pages.reduce((sum, page) => sum + page.length, 0),
  });

export const useUnlocked = (id: number) => useInfiniteQuery(unlockedQuery(id));

/** GET /api/user/search: one page of the admin table. */
export function useUserSearch(query: UserSearchQuery) {
  return useQuery({
    queryKey: queryKeys.users.search(query),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined) params.set(key, String(value));
      }
      return api('GET', `/api/user/search?${params.toString()}`, undefined, {
        schema: UserSearchResultSchema,
        signal,
        silent: true,
      });
    },
    placeholderData: keepPreviousData,
  });
}
