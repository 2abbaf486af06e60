import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  LibraryListSchema,
  type AdminLibrary,
  type Library,
  type LibraryList,
} from '../../../domain/libraries';
import { api } from '../../lib/api-client';
import { queryKeys } from '../query-keys';

/** Administrators get the folder, counts and scans with each row; members the id and name. */
export function isAdminLibrary(library: Library | AdminLibrary): library is AdminLibrary {
  return 'path' in library;
}

const scanRunning = (data: LibraryList | undefined) =>
  data?.libraries.some(
    (library) => isAdminLibrary(library) && library.lastScan?.state === 'running',
  );

/**
 * GET /api/libraries: the libraries the caller sees. One cache entry for the browse page's
 * library filter, the role editor's checklist and the admin Libraries panel; polled each second
 * while a scan runs (only administrators see scans), so the panel's progress moves by itself.
 */
export const librariesQuery = () =>
  queryOptions({
    queryKey: queryKeys.libraries.all,
    queryFn: ({ signal }) =>
      api<LibraryList>('GET', '/api/libraries', undefined, {
        schema: LibraryListSchema,
        signal,
        silent: true,
      }),
    refetchInterval: (query) => (scanRunning(query.state.data) ? 1000 : false),
  });

export function useLibraries() {
  return useQuery(librariesQuery());
}
