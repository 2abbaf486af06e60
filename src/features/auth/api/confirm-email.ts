import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

export function confirmEmail(code: string): Promise<unknown> {
  return api('POST', '/api/user/confirm_email', { code });
}

/** POST /api/user/confirm_email, then refresh the user so emailConfirmed is current. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: () => queryClient.refetchQueries({ queryKey: queryKeys.session.current() }),
  });
}
