import { useMutation, useQuery } from '@tanstack/react-query';
import {
  CreatedCollectionSchema,
  ImportAnswerSchema,
  UploadTargetSchema,
} from '../../../../domain/library-upload';
import { LOCAL_SERVER_ID } from '../../../../domain/settings';
import { api } from '../../../lib/api-client';

/** GET /api/collection/{id}: the collection /upload/{id} adds to. */
export const useUploadTarget = (collectionId: number) =>
  useQuery({
    queryKey: ['upload-target', collectionId],
    queryFn: () =>
      api('GET', `/api/collection/${collectionId}`, undefined, { schema: UploadTargetSchema }),
  });

/** PUT /downloader/collection/{server} on the built-in server. */
export const createCollection = async (name: string): Promise<number> =>
  (
    await api(
      'PUT',
      `/downloader/collection/${LOCAL_SERVER_ID}`,
      { name },
      {
        schema: CreatedCollectionSchema,
        silent: true,
      },
    )
  ).collectionId;

/** POST /downloader/collection/{id}/import?post=… */
export const useImportCollection = () =>
  useMutation({
    mutationFn: ({ collectionId, post }: { collectionId: number; post: boolean }) =>
      api('POST', `/downloader/collection/${collectionId}/import?post=${post}`, undefined, {
        schema: ImportAnswerSchema,
        silent: true,
      }),
  });
