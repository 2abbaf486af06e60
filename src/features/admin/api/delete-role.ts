import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RoleDeletedSchema, type RoleDeleted } from '../../../../domain/role';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** DELETE /api/role/{id}: its holders move to the default role. */
export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<RoleDeleted>('DELETE', `/api/role/${id}`, undefined, { schema: RoleDeletedSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.roles.all }),
  });
}
