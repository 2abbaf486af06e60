import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MissingFilesSchema,
  RemovedMissingSchema,
  type MissingFiles,
  type RemovedMissing,
} from '../../../../domain/library-import';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

// Scans are started and followed per library (api/libraries.ts, common/libraries); what stays
// here is the missing files every library's scans leave behind.

/** GET /api/library/missing: how many files scans found gone (hidden until purged). */
export function useMissingFiles() {
  return useQuery({
    queryKey: queryKeys.admin.missingFiles(),
    queryFn: ({ signal }) =>
      api<MissingFiles>('GET', '/api/library/missing', undefined, {
        schema: MissingFilesSchema,
        signal,
      }),
  });
}

/** POST /api/library/missing/remove: removes every missing file for good. */
export function useRemoveMissingFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<RemovedMissing>('POST', '/api/library/missing/remove', undefined, {
        schema: RemovedMissingSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.missingFiles() }),
  });
}
