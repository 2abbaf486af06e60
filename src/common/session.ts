import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '../../domain/settings';
import type { UserWithRole } from '../../domain/user';
import { api, ApiError } from '../lib/api-client';
import { queryKeys } from './query-keys';

/** GET /api/settings/public: loaded on start, needed before and after sign-in. */
export const publicSettingsQuery = () =>
  queryOptions({
    queryKey: queryKeys.settings.public(),
    queryFn: ({ signal }) =>
      api<PublicSettings>('GET', '/api/settings/public', undefined, {
        schema: () => import('../../domain/settings').then((m) => m.PublicSettingsSchema),
        signal,
      }),
    staleTime: 5 * 60_000,
  });

/**
 * GET /api/user restores the session: the user and their role, or null when signed out.
 * 401/403 are the normal "no session" answers, so they never show an error toast.
 */
export const sessionQuery = () =>
  queryOptions({
    queryKey: queryKeys.session.current(),
    queryFn: async ({ signal }): Promise<UserWithRole | null> => {
      try {
        return await api<UserWithRole>('GET', '/api/user', undefined, {
          schema: () => import('../../domain/user').then((m) => m.UserWithRoleSchema),
          silent: true,
          signal,
        });
      } catch (error) {
        if (error instanceof ApiError && (error.status === 401 || error.status === 403))
          return null;
        throw error;
      }
    },
  });

export function usePublicSettings() {
  return useQuery(publicSettingsQuery());
}

export function useSession() {
  return useQuery(sessionQuery());
}
