import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AppPasswordListSchema,
  CreatedAppPasswordSchema,
  type AppPassword,
  type CreatedAppPassword,
} from '../../../../domain/app-password';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/**
 * App passwords: what phone and desktop apps sign in to /rest with (issue 29). The list never
 * holds a password; the one just created is in the creation's answer only, shown once.
 */
export const appPasswordsQuery = () =>
  queryOptions({
    queryKey: queryKeys.appPasswords.all,
    queryFn: ({ signal }) =>
      api<AppPassword[]>('GET', '/api/user/app_password', undefined, {
        schema: AppPasswordListSchema,
        signal,
        silent: true,
      }),
  });

export function useAppPasswords() {
  return useQuery(appPasswordsQuery());
}

/** PUT /api/user/app_password {name}: the answer carries the password, shown once. */
export function useCreateAppPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api<CreatedAppPassword>(
        'PUT',
        '/api/user/app_password',
        { name },
        { schema: CreatedAppPasswordSchema, silent: true },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.appPasswords.all }),
  });
}

/**
 * DELETE /api/user/app_password/{id}: apps using it are refused from the next call on. A
 * failure shows the app's error toast (the confirmation closes either way).
 */
export function useRevokeAppPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (appPasswordId: number) => api('DELETE', `/api/user/app_password/${appPasswordId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.appPasswords.all }),
  });
}
