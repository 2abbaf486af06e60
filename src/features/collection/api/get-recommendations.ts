import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { CollectionSchema, type Collection } from '../../../../domain/collection';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** Spec part 1, section 9: five recommendations. */
export const RECOMMENDATION_COUNT = 5;

/** GET /api/collection/{id}/recommendations?count=5; failures are shown in place, not toasted. */
export const recommendationsQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.collections.recommendations(id),
    queryFn: ({ signal }) =>
      api<Collection[]>(
        'GET',
        `/api/collection/${id}/recommendations?count=${RECOMMENDATION_COUNT}`,
        undefined,
        { schema: z.array(CollectionSchema), signal, silent: true },
      ),
  });

export function useRecommendations(id: number) {
  return useQuery(recommendationsQuery(id));
}
