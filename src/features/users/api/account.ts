import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ChangePasswordBody } from '../../../../domain/account';
import { forgetPersistedCache } from '../../../app/query-client';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { queryKeys } from '../../../common/query-keys';

/** POST /api/user/password: other sessions end, this one stays. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      api('POST', '/api/user/password', body, { silent: true }),
  });
}

/** DELETE /api/user/me {password}: the account is gone, so is everything kept of it here. */
export function useDeleteAccount(deletedNotice: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (password: string) => api('DELETE', '/api/user/me', { password }, { silent: true }),
    // Here, not in mutate(): the profile page is gone by the time a caller's callback would run.
    onSuccess: async () => {
      notifySuccess(deletedNotice);
      queryClient.setQueryData(queryKeys.session.current(), null);
      await forgetPersistedCache();
      await navigate({ to: '/login' });
      queryClient.removeQueries({
        type: 'inactive',
        predicate: (query) => String(query.queryKey[0]) !== queryKeys.settings.all[0],
      });
    },
  });
}
