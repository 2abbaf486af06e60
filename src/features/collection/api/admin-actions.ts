import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteCollection, importCollection } from '../../../common/collections/manage-collections';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** POST /downloader/collection/{id}/import?post=true|false (admin). */
export function useReimport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: boolean) => importCollection(id, post),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.collections.detail(id) }),
  });
}

/** DELETE /downloader/collection/{id} (admin). */
export function useDeleteCollection(id: number) {
  return useMutation({ mutationFn: () => deleteCollection(id) });
}

/** DELETE /downloader/file/{fileId} (admin), then the file list is refetched. */
export function useDeleteFile(collectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) => api('DELETE', `/downloader/file/${fileId}`),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.collections.detail(collectionId) }),
  });
}
