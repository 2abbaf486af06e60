import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ImportJobListSchema,
  ImportJobSchema,
  MissingFilesSchema,
  RemovedMissingSchema,
  type ImportJob,
  type MissingFiles,
  type RemovedMissing,
} from '../../../../domain/library-import';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** GET /api/library/import: the latest scans of MUSIC_DIR, newest first; polled while one runs. */
export const libraryScansQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.libraryScans(),
    queryFn: ({ signal }) =>
      api<ImportJob[]>('GET', '/api/library/import', undefined, {
        schema: ImportJobListSchema,
        signal,
      }),
    refetchInterval: (query) => (query.state.data?.[0]?.state === 'running' ? 1000 : false),
  });

export function useLibraryScans() {
  return useQuery(libraryScansQuery());
}

/** POST /api/library/import: scan now; the list then polls until the scan ends. */
export function useStartLibraryScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<ImportJob>('POST', '/api/library/import', undefined, { schema: ImportJobSchema }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.libraryScans() });
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.missingFiles() });
    },
  });
}

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
