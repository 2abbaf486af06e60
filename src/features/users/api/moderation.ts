import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IpBanStateSchema, type IpBanState } from '../../../../domain/user';
import { useNavigate } from '@tanstack/react-router';
import { requestResetCode } from '../../../common/account/reset-password';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useRefreshUser } from './profile-mutations';
import { queryKeys } from '../../../common/query-keys';

/** PUT /api/user/{id}/ban or /unban */
export function useSetBanned(id: number) {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: (banned: boolean) =>
      api('PUT', `/api/user/${id}/${banned ? 'ban' : 'unban'}`, undefined, { silent: true }),
    onSettled: () => refresh(id),
  });
}

/** GET /api/ban_ip/{ip}: whether the address is banned, so one action is offered. */
export function useIpBanState(ip: string) {
  return useQuery({
    queryKey: queryKeys.users.ipBan(ip),
    queryFn: ({ signal }) =>
      api<IpBanState>('GET', `/api/ban_ip/${encodeURIComponent(ip)}`, undefined, {
        schema: IpBanStateSchema,
        signal,
      }),
  });
}

/** PUT /api/ban_ip {ip} or DELETE /api/ban_ip/{ip} */
export function useSetIpBanned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ip, banned }: { ip: string; banned: boolean }) =>
      banned
        ? api('PUT', '/api/ban_ip', { ip }, { silent: true })
        : api('DELETE', `/api/ban_ip/${encodeURIComponent(ip)}`, undefined, { silent: true }),
    onSettled: (_, __, { ip }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.users.ipBan(ip) }),
  });
}

/** POST /api/reset_password {email, noEmail: true}: a code the admin passes on as a link. */
export function useResetLink() {
  return useMutation({
    mutationFn: requestResetCode,
  });
}

/**
 * DELETE /api/user/{id}, then back to the user table. The profile's query is dropped, not
 * refetched: a refetch would answer 404 and replace the page before the notice shows.
 */
export function useDeleteUser(id: number, deletedNotice: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api('DELETE', `/api/user/${id}`, undefined, { silent: true }),
    onSuccess: async () => {
      notifySuccess(deletedNotice);
      await navigate({ to: '/admin/users' });
      queryClient.removeQueries({ queryKey: queryKeys.users.user(id) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.users.searches() });
    },
  });
}
