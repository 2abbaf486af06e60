import { z } from 'zod';
import { CollectionWithFilesSchema, type CollectionWithFiles } from '../../../domain/collection';
import { api } from '../../lib/api-client';

/** POST /api/audio_collection/bulk {ids}: the collections with their files, in one call. */
export function getCollectionsBulk(
  ids: number[],
  signal?: AbortSignal,
): Promise<CollectionWithFiles[]> {
  return api(
    'POST',
    '/api/audio_collection/bulk',
    { ids },
    {
      schema: z.array(CollectionWithFilesSchema),
      signal,
    },
  );
}
