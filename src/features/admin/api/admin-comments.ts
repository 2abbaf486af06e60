import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AdminCommentPageSchema,
  COMMENTS_PAGE,
  type AdminComment,
} from '../../../../domain/comment';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

const commentsKey = () => [...adminKeys.all, 'comments'] as const;

/** GET /api/comments?limit=100&offset=…: every comment, newest first, 100 per load. */
export function useAdminComments() {
  return useInfiniteQuery({
    queryKey: commentsKey(),
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
    mutationFn: (commentId: number) => api('DELETE', `/api/comment/${commentId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsKey() }),
  });
}
