import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BackupRunSchema,
  BackupScheduleSchema,
  BackupStatusSchema,
  type BackupRun,
  type BackupSchedule,
  type BackupStatus,
} from '../../../../domain/backups';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** GET /api/admin/backups: schedule, running and last backup; polled while one runs. */
export const backupStatusQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.backups(),
    queryFn: ({ signal }) =>
      api<BackupStatus>('GET', '/api/admin/backups', undefined, {
        schema: BackupStatusSchema,
        signal,
      }),
    refetchInterval: (query) => (query.state.data?.current ? 1000 : false),
  });

export function useBackupStatus() {
  return useQuery(backupStatusQuery());
}

/** POST /api/admin/backups: starts a backup; the status then polls until it finishes. */
export function useStartBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<BackupRun>('POST', '/api/admin/backups', undefined, { schema: BackupRunSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.backups() }),
  });
}

/** PUT /api/admin/backups/schedule */
export function useSaveBackupSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schedule: BackupSchedule) =>
      api<BackupSchedule>('PUT', '/api/admin/backups/schedule', schedule, {
        schema: BackupScheduleSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.backups() }),
  });
}
