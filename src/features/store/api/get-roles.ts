import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { RoleSchema, type Role } from '../../../../domain/role';
import { api } from '../../../lib/api-client';
import { storeKeys } from './store-keys';

/** GET /api/role: the roles shown on the store and offered by the product dialog. */
export const rolesQuery = () =>
  queryOptions({
    queryKey: storeKeys.roles(),
    queryFn: ({ signal }) =>
      api<Role[]>('GET', '/api/role', undefined, {
        schema: z.array(RoleSchema),
        signal,
        silent: true,
      }),
    staleTime: 5 * 60_000,
  });

export function useRoles() {
  return useQuery(rolesQuery());
}
