import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { CommentNodeSchema, type CommentNode } from '../../../../domain/comment';
import { deleteComment } from '../../../common/comments/delete-comment';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** GET /api/comments/{groupId}: comments already nested by commentReply. */
export function useComments(groupId: number) {
  return useQuery({
    queryKey: queryKeys.comments.group(groupId),
    queryFn: ({ signal }) =>
      api<CommentNode[]>('GET', `/api/comments/${groupId}`, undefined, {
        schema: z.array(CommentNodeSchema),
        signal,
        silent: true,
      }),
  });
}

/**
 * Comment writes. Failures are swallowed (spec part 1, section 8): no toast, the form only
 * leaves its busy state; the server refuses bodies over 2048 characters anyway.
 */
function useCommentMutation<T>(groupId: number, call: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.comments.group(groupId) }),
  });
}

/** POST /api/comments {group, body, reply}. */
export function usePostComment(groupId: number) {
  return useCommentMutation(groupId, (input: { body: string; reply: number | null }) =>
    api(
      'POST',
      '/api/comments',
      { group: groupId, body: input.body, reply: input.reply },
      { silent: true },
    ),
  );
}

/** POST /api/comment/{id} {content}. */
export function useEditComment(groupId: number) {
  return useCommentMutation(groupId, (input: { commentId: number; content: string }) =>
    api('POST', `/api/comment/${input.commentId}`, { content: input.content }, { silent: true }),
  );
}

/** DELETE /api/comment/{id}. */
export function useDeleteComment(groupId: number) {
  return useCommentMutation(groupId, (commentId: number) => deleteComment(commentId));
}
