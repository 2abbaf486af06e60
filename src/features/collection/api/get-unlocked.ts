import { queryOptions, useQuery } from '@tanstack/react-query';
import { UnlockedSchema, type Unlocked } from '../../../../domain/collection-page';
import { api } from '../../../lib/api-client';
import { collectionKeys } from './collection-keys';

/** GET /api/collection/{id}/unlocked: whether the caller bought it (and transcode access). */
export const unlockedQuery = (id: number) =>
  queryOptions({
    queryKey: collectionKeys.unlocked(id),
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
