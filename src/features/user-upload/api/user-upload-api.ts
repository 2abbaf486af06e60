import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  UserUploadImportedSchema,
  UserUploadListSchema,
  UserUploadSchema,
  USER_UPLOADS_PAGE,
} from '../../../../domain/user-upload';
import { LOCAL_SERVER_ID } from '../../../../domain/settings';
import { api } from '../../../lib/api-client';
import { createCollection } from '../../../common/collections/manage-collections';
import { useCollectionsByName } from '../../../common/collections/search-collections';
import { deleteUpload } from '../../../common/uploads/uploads';
import { queryKeys } from '../../../common/query-keys';

const keys = queryKeys.userUploads;
const IMPORT_CHOICES = 10;

// POST /api/upload (with progress) and DELETE /api/upload/{id} are shared with support.
export { sendUpload, UploadFailure } from '../../../common/uploads/uploads';

/** POST /api/upload/music: offers the upload to the library. */
export const offerUpload = (uploadId: number, description: string) =>
  api(
    'POST',
    '/api/upload/music',
    { uploadId, description },
    {
      schema: UserUploadSchema,
      silent: true,
    },
  );

/** GET /api/upload/music: everyone's for administrators, one page at a time. */
export const useUserUploads = (offset: number, enabled: boolean) =>
  useQuery({
    queryKey: keys.page(offset),
    queryFn: ({ signal }) =>
      api('GET', `/api/upload/music?offset=${offset}&count=${USER_UPLOADS_PAGE}`, undefined, {
        schema: UserUploadListSchema,
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });

export function useRemoveUpload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uploadId: number) => deleteUpload(uploadId),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export type ImportTarget = { collectionId: number } | { newName: string };

/** New collections are made first (PUT /downloader/collection/{server}), then the import. */
export function useImportUpload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ uploadId, target }: { uploadId: number; target: ImportTarget }) => {
      const collectionId =
        'collectionId' in target ? target.collectionId : await createCollection(target.newName);
      return api(
        'POST',
        `/api/upload/${uploadId}/import`,
        { collectionId, serverId: LOCAL_SERVER_ID },
        { schema: UserUploadImportedSchema },
      );
    },
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** Collections by name for the import dialog. */
export const useCollectionChoices = (query: string) => useCollectionsByName(query, IMPORT_CHOICES);
