import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RoleSchema, type Role, type RoleInput } from '../../../../domain/role';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** PUT /api/role (no id: create) or POST /api/role/{id} (edit); errors show in the form. */
export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: RoleInput }) =>
      id === null
        ? api<Role>('PUT', '/api/role', body, { schema: RoleSchema, silent: true })
        : api<Role>('POST', `/api/role/${id}`, body, { schema: RoleSchema, silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.roles.all }),
  });
}
