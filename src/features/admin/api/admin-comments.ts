import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AdminCommentPageSchema,
  COMMENTS_PAGE,
  type AdminComment,
} from '../../../../domain/comment';
import { deleteComment } from '../../../common/comments/delete-comment';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** GET /api/comments?limit=100&offset=…: every comment, newest first, 100 per load. */
export function useAdminComments() {
  return useInfiniteQuery({
    queryKey: queryKeys.comments.latest(),
    queryFn: ({ pageParam, signal }) =>
      api('GET', `/api/comments?limit=${COMMENTS_PAGE}&offset=${pageParam}`, undefined, {
        schema: AdminCommentPageSchema,
        signal,
        silent: true,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
  });
}

export const loadedComments = (pages: Array<{ items: AdminComment[] }> | undefined) =>
  pages?.flatMap((page) => page.items) ?? [];

/** DELETE /api/comment/{id} (replies go with it). */
export function useDeleteAdminComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => deleteComment(commentId, { silent: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.comments.all }),
  });
}
