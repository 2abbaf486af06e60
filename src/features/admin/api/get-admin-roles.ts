import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { AdminRoleSchema, type AdminRole } from '../../../../domain/role';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/role as an administrator: every role with how many accounts hold it. */
export const adminRolesQuery = () =>
  queryOptions({
    queryKey: adminKeys.roles(),
    queryFn: ({ signal }) =>
      api<AdminRole[]>('GET', '/api/role', undefined, {
        schema: z.array(AdminRoleSchema),
        signal,
        silent: true,
      }),
  });

export function useAdminRoles() {
  return useQuery(adminRolesQuery());
}
