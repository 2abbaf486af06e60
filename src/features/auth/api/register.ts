import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterBody } from '../../../../domain/auth';
import { UserWithRoleSchema, type UserWithRole } from '../../../../domain/user';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

export function register(body: RegisterBody): Promise<UserWithRole> {
  // Silent: the page shows the server's refusal next to the field it is about, not in a toast.
  return api<UserWithRole>('POST', '/api/register', body, {
    schema: UserWithRoleSchema,
    silent: true,
  });
}

/** POST /api/register signs the new user in: the answer becomes the session. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (session) => {
      queryClient.setQueryData(queryKeys.session.current(), session);
    },
  });
}
