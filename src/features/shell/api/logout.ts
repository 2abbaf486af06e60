import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { api } from '../../../lib/api-client';
import { forgetPersistedCache } from '../../../app/query-client';
import { queryKeys } from '../../../common/query-keys';

const keepOnLogout = new Set<string>([queryKeys.settings.all[0], queryKeys.session.all[0]]);

export function logout(): Promise<unknown> {
  return api('GET', '/api/logout');
}

/**
 * GET /api/logout, forget the session and everything fetched with it, then go to the sign-in
 * page: a deliberate logout is no "Please login" error (decision 0044).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      queryClient.setQueryData(queryKeys.session.current(), null);
      // The saved copy holds the previous user's library and account: gone before anything else.
      await forgetPersistedCache();
      await navigate({ to: '/login' });
      // Drop the previous user's data once the pages that showed it are gone. Queries still
      // observed are left alone: removing them would detach their observers from the cache.
      queryClient.removeQueries({
        type: 'inactive',
        predicate: (query) => !keepOnLogout.has(String(query.queryKey[0])),
      });
    },
  });
}
