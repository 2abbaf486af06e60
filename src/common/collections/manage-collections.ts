import {
  CreatedCollectionSchema,
  ImportAnswerSchema,
  type ImportAnswer,
} from '../../../domain/library-upload';
import { LOCAL_SERVER_ID } from '../../../domain/settings';
import { api } from '../../lib/api-client';

/**
 * The library's own collection calls (admin), shared by the collection page's admin section,
 * /upload and the import of user uploads. Callers decide what to refresh and what to show.
 */

/** PUT /downloader/collection/{server} on the built-in server: a new, empty collection. */
export const createCollection = async (
  name: string,
  options: { silent?: boolean } = {},
): Promise<number> =>
  (
    await api(
      'PUT',
      `/downloader/collection/${LOCAL_SERVER_ID}`,
      { name },
      { schema: CreatedCollectionSchema, silent: options.silent ?? false },
    )
  ).collectionId;

/** POST /downloader/collection/{id}/import?post=true|false: reads the folder again. */
export const importCollection = (
  collectionId: number,
  post: boolean,
  options: { silent?: boolean } = {},
): Promise<ImportAnswer> =>
  api('POST', `/downloader/collection/${collectionId}/import?post=${post}`, undefined, {
    schema: ImportAnswerSchema,
    silent: options.silent ?? false,
  });

/** DELETE /downloader/collection/{id}. */
export const deleteCollection = (collectionId: number): Promise<unknown> =>
  api('DELETE', `/downloader/collection/${collectionId}`);
