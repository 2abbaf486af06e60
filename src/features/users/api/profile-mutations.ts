import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InviteSchema, UserWithRoleSchema, type UserUpdate } from '../../../../domain/user';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/**
 * The profile, the admin table and (for one's own account) the session all show the user; the
 * role list counts each role's accounts, so a role change shows there too.
 */
function useRefreshUser() {
  const queryClient = useQueryClient();
  return (id: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.users.user(id) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.users.searches() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.session.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.roles.all }),
    ]);
}

/** POST /api/user/{id}: profile fields, and for administrators the account fields. */
export function useSaveUser(id: number) {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: (body: UserUpdate) =>
      api('POST', `/api/user/${id}`, body, { schema: UserWithRoleSchema, silent: true }),
    onSettled: () => refresh(id),
  });
}

/** POST /api/user/{id}/extra {genres} */
export function useSaveGenres(id: number) {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: (genres: string[]) =>
      api(
        'POST',
        `/api/user/${id}/extra`,
        { genres },
        { schema: UserWithRoleSchema, silent: true },
      ),
    onSettled: () => refresh(id),
  });
}

/** GET /api/invite: spends one of the caller's invites on a code. */
export function useCreateInvite(id: number) {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: () => api('GET', '/api/invite', undefined, { schema: InviteSchema, silent: true }),
    onSettled: () => refresh(id),
  });
}

export { useRefreshUser };
