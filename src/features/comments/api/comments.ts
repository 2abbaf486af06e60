import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { CommentNodeSchema, type CommentNode } from '../../../../domain/comment';
import { api } from '../../../lib/api-client';

export const commentKeys = {
  all: ['comments'] as const,
  group: (groupId: number) => ['comments', groupId] as const,
};

/** GET /api/comments/{groupId}: comments already nested by commentReply. */
export function useComments(groupId: number) {
  return useQuery({
    queryKey: commentKeys.group(groupId),
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentKeys.group(groupId) }),
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
  return useCommentMutation(groupId, (commentId: number) =>
    api('DELETE', `/api/comment/${commentId}`, undefined, { silent: true }),
  );
}
