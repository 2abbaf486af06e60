import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody } from '../../../../domain/auth';
import { UserWithRoleSchema, type UserWithRole } from '../../../../domain/user';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

export function login(body: LoginBody): Promise<UserWithRole> {
  return api<UserWithRole>('POST', '/api/login', body, { schema: UserWithRoleSchema });
}

/** POST /api/login; the answer becomes the session, and every session-scoped query refreshes. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (session) => {
      queryClient.setQueryData(queryKeys.session.current(), session);
      await queryClient.invalidateQueries({ queryKey: queryKeys.messages.all });
    },
  });
}
