import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { collectionKeys } from './collection-keys';

/** POST /downloader/collection/{id}/import?post=true|false (admin). */
export function useReimport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: boolean) => api('POST', `/downloader/collection/${id}/import?post=${post}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collectionKeys.detail(id) }),
  });
}

/** DELETE /downloader/collection/{id} (admin). */
export function useDeleteCollection(id: number) {
  return useMutation({ mutationFn: () => api('DELETE', `/downloader/collection/${id}`) });
}

/** DELETE /downloader/file/{fileId} (admin), then the file list is refetched. */
export function useDeleteFile(collectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) => api('DELETE', `/downloader/file/${fileId}`),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: collectionKeys.detail(collectionId) }),
  });
}
