import { useMutation, useQuery } from '@tanstack/react-query';
import { UploadTargetSchema } from '../../../../domain/library-upload';
import { createCollection, importCollection } from '../../../common/collections/manage-collections';
import { queryKeys } from '../../../common/query-keys';
import { api } from '../../../lib/api-client';

/** GET /api/collection/{id}: the collection /upload/{id} adds to. */
export const useUploadTarget = (collectionId: number) =>
  useQuery({
    queryKey: queryKeys.collections.uploadTarget(collectionId),
    queryFn: () =>
      api('GET', `/api/collection/${collectionId}`, undefined, { schema: UploadTargetSchema }),
  });

/** A new collection on the built-in server; the uploader says why when it fails. */
export const createUploadCollection = (name: string): Promise<number> =>
  createCollection(name, { silent: true });

/** Reads the uploaded folder into the library (and posts it when asked). */
export const useImportCollection = () =>
  useMutation({
    mutationFn: ({ collectionId, post }: { collectionId: number; post: boolean }) =>
      importCollection(collectionId, post, { silent: true }),
  });
