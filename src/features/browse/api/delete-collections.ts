import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** The server takes at most 500 ids per call (BulkIdsSchema). */
const CHUNK = 500;

/**
 * DELETE /downloader/collection/bulk {ids} (admin). The shared helper has no timeout, which
 * the spec wants here (up to 10 minutes for large deletions). Big selections go in chunks.
 */
export function useDeleteCollections() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]) => {
      for (let i = 0; i < ids.length; i += CHUNK) {
        await api('DELETE', '/downloader/collection/bulk', { ids: ids.slice(i, i + CHUNK) });
      }
    },
    onSettled: () => queryClient.resetQueries({ queryKey: queryKeys.browse.searches() }),
  });
}
