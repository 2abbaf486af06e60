import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileTagsSchema, type FileTags } from '../../../../domain/collection-page';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** GET /downloader/tags/{fileId} (admin): text tags as field -> values, and the cover. */
export function useFileTags(fileId: number | null) {
  return useQuery({
    queryKey: queryKeys.collections.fileTags(fileId ?? 0),
    queryFn: ({ signal }) =>
      api<FileTags>('GET', `/downloader/tags/${fileId}`, undefined, {
        schema: FileTagsSchema,
        signal,
        silent: true,
      }),
    enabled: fileId !== null,
    // The dialog edits a copy; a fresh read every time it opens shows what the file holds.
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * POST /downloader/tags/{fileId}; `cover` undefined keeps the file's picture, null removes it.
 * The collection is refetched because titles, artists and covers come from these tags.
 */
export function useSaveFileTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      fileId: number;
      textTags: FileTags['textTags'];
      cover?: FileTags['cover'];
    }) =>
      api<FileTags>('POST', `/downloader/tags/${input.fileId}`, {
        textTags: input.textTags,
        cover: input.cover,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.collections.all }),
  });
}
