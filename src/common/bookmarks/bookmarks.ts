import { queryOptions } from '@tanstack/react-query';
import { BookmarkListSchema } from '../../../domain/bookmarks';
import { api } from '../../lib/api-client';
import { queryKeys } from '../query-keys';

/**
 * GET /api/bookmark: where the user left long tracks and unfinished episodes (issue 49),
 * newest first; home's "Continue listening" row and the player's resume read it.
 */
export const bookmarksQuery = () =>
  queryOptions({
    queryKey: queryKeys.bookmarks.all,
    queryFn: ({ signal }) =>
      api('GET', '/api/bookmark', undefined, { schema: BookmarkListSchema, signal, silent: true }),
  });
