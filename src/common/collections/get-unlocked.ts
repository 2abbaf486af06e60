import { queryOptions, useQuery } from '@tanstack/react-query';
import { UnlockedSchema, type Unlocked } from '../../../domain/collection-page';
import { api } from '../../lib/api-client';
import { queryKeys } from '../query-keys';

/**
 * GET /api/collection/{id}/unlocked: whether the caller bought it (and transcode access). The
 * collection page and every download button (common/download) read the same entry.
 */
export const unlockedQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.collections.unlocked(id),
    queryFn: ({ signal }) =>
      api<Unlocked>('GET', `/api/collection/${id}/unlocked`, undefined, {
        schema: UnlockedSchema,
        signal,
        silent: true,
      }),
  });

export function useUnlocked(id: number) {
  return useQuery(unlockedQuery(id));
}
