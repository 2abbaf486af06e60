import { queryOptions, useQuery } from '@tanstack/react-query';
import { CollectionWithFilesSchema, type CollectionWithFiles } from '../../../domain/collection';
import { api } from '../../lib/api-client';
import { queryKeys } from '../query-keys';

/** GET /api/audio_collection/{id}: the collection and its files (admins also get non-audio). */
export const collectionQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.collections.detail(id),
    queryFn: ({ signal }) =>
      api<CollectionWithFiles>('GET', `/api/audio_collection/${id}`, undefined, {
        schema: CollectionWithFilesSchema,
        signal,
        silent: true,
      }),
  });

export function useCollection(id: number) {
  return useQuery(collectionQuery(id));
}
