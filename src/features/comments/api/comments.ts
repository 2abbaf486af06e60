import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { CommentNodeSchema, type CommentNode } from '../../../../domain/comment';
import { pendingComments, postCommentCall } from '../../../common/comments/comment-outbox';
import { deleteComment } from '../../../common/comments/delete-comment';
import { api } from '../../../lib/api-client';
import { sendOrQueue } from '../../../lib/outbox';
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

/** Comments written offline that wait for the network (read from the outbox). */
export function usePendingComments(groupId: number) {
  return useQuery({
    queryKey: queryKeys.comments.pending(groupId),
    queryFn: () => pendingComments(groupId),
    networkMode: 'always',
  });
}

/**
 * POST /api/comments {group, body, reply}. Offline (or when the request cannot reach the
 * server) it is queued and posted on reconnect, shown as pending meanwhile; a refusal throws.
 */
export function usePostComment(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (input: { body: string; reply: number | null }) =>
      sendOrQueue(postCommentCall({ group: groupId, body: input.body, reply: input.reply })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.comments.group(groupId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.comments.pending(groupId) }),
      ]),
  });
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
