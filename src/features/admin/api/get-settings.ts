import { queryOptions, useQuery } from '@tanstack/react-query';
import { SettingsSchema, type Settings } from '../../../../domain/settings';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** GET /api/settings (admin): every setting. */
export const adminSettingsQuery = () =>
  queryOptions({
    queryKey: queryKeys.settings.admin(),
    queryFn: ({ signal }) =>
      api<Settings>('GET', '/api/settings', undefined, {
        schema: SettingsSchema,
        signal,
        silent: true,
      }),
  });

export function useAdminSettings() {
  return useQuery(adminSettingsQuery());
}
