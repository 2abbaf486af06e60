import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SettingsSchema, type Settings, type SettingsUpdate } from '../../../../domain/settings';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** POST /api/settings; the public settings are refetched too, so the shell follows at once. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsUpdate) =>
      api<Settings>('POST', '/api/settings', body, { schema: SettingsSchema, silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.settings.all }),
  });
}
