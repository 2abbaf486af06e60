import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  AdminLibrarySchema,
  LibraryRemovedSchema,
  type AdminLibrary,
  type LibraryRemoved,
  type NewLibrary,
} from '../../../../domain/libraries';
import { ImportJobSchema, type ImportJob } from '../../../../domain/library-import';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/**
 * A library change moves albums in or out of sight: the list, the missing count and
 * every browse search are stale. Errors are said in the panel, so the calls are silent.
 */
async function refreshAfterChange(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.libraries.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.missingFiles() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.browse.all }),
  ]);
}

/** PUT /api/library: a new library; its first scan starts at once (the list then polls). */
export function useAddLibrary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewLibrary) =>
      api<AdminLibrary>('PUT', '/api/library', body, { schema: AdminLibrarySchema, silent: true }),
    onSettled: () => refreshAfterChange(queryClient),
  });
}

/** POST /api/library/{libraryId}: rename. */
export function useRenameLibrary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ libraryId, name }: { libraryId: number; name: string }) =>
      api<AdminLibrary>(
        'POST',
        `/api/library/${libraryId}`,
        { name },
        { schema: AdminLibrarySchema, silent: true },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.libraries.all }),
  });
}

/** DELETE /api/library/{libraryId}: its files become missing (hidden, kept for a while). */
export function useRemoveLibrary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (libraryId: number) =>
      api<LibraryRemoved>('DELETE', `/api/library/${libraryId}`, undefined, {
        schema: LibraryRemovedSchema,
        silent: true,
      }),
    onSettled: () => refreshAfterChange(queryClient),
  });
}

/** POST /api/library/{libraryId}/scan: scan one library now (409 while one runs). */
export function useScanLibrary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (libraryId: number) =>
      api<ImportJob>('POST', `/api/library/${libraryId}/scan`, undefined, {
        schema: ImportJobSchema,
        silent: true,
      }),
    onSettled: () => refreshAfterChange(queryClient),
  });
}
