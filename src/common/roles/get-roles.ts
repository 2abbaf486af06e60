import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { AdminRoleSchema, type AdminRole } from '../../../domain/role';
import { api } from '../../lib/api-client';
import { queryKeys } from '../query-keys';

/**
 * GET /api/role: one list for the store's role cards, the product dialog, the admin role
 * screen and the account form. Administrators also get how many accounts hold each role
 * (optional in the schema), so one cache entry serves everyone and a role change made in
 * one screen shows in all of them.
 */
export const rolesQuery = () =>
  queryOptions({
    queryKey: queryKeys.roles.all,
    queryFn: ({ signal }) =>
      api<AdminRole[]>('GET', '/api/role', undefined, {
        schema: z.array(AdminRoleSchema),
        signal,
        silent: true,
      }),
  });

export function useRoles() {
  return useQuery(rolesQuery());
}
