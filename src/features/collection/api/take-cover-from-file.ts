import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CollectionFile } from '../../../../domain/collection';
import { oldImageFiles } from '../../../../domain/cover-files';
import { api, ApiError } from '../../../lib/api-client';
import { imagePath } from '../../../lib/cover-url';
import { libraryStrings } from '../../../lib/strings';
import { addFileToCollection } from '../../../common/collections/add-file';
import { queryKeys } from '../../../common/query-keys';

export interface TakeCoverInput {
  /** The audio file whose embedded cover becomes the collection's. */
  source: CollectionFile;
  /** Every file of the collection, so its old image files can be found. */
  files: readonly CollectionFile[];
}

/** The bytes of a stored cover (GET /image/{hash}). */
async function fetchCover(hash: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(imagePath(hash, false), { credentials: 'include' });
  } catch {
    throw new ApiError(0, libraryStrings.admin.coverUnavailable);
  }
  if (!response.ok) throw new ApiError(response.status, libraryStrings.admin.coverUnavailable);
  return response.blob();
}

/**
 * "Take metadata from a file" (admin, spec part 1, section 7): the file's cover is fetched
 * first, so nothing is deleted when it cannot be had; then the collection's old image files
 * are deleted one by one (DELETE /downloader/file/{id}); last the cover is sent as multipart
 * to POST /downloader/upload/{id}. Answers the collection's new image hash.
 */
export function useTakeCoverFromFile(collectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ source, files }: TakeCoverInput) => {
      const hash = source.file.fileImageHash;
      if (!hash) throw new ApiError(0, libraryStrings.admin.coverUnavailable);
      const cover = await fetchCover(hash);
      for (const old of oldImageFiles(files))
        await api('DELETE', `/downloader/file/${old.file.fileId}`, undefined, { silent: true });
      const name = `cover.${cover.type === 'image/png' ? 'png' : 'jpg'}`;
      const answer = await addFileToCollection(collectionId, cover, name);
      return answer.collectionImageHash;
    },
    // Settled, not only success: the deletes may have gone through before a failed upload.
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.collections.detail(collectionId) }),
  });
}
