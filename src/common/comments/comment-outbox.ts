import type { CommentCreate } from '../../../domain/comment';
import { queuedCalls, type OutboxCall } from '../../lib/outbox';

/**
 * Comments written offline wait in the outbox like likes and playlist additions, and go out
 * in order when the network returns; until then the comments section lists them as pending.
 */

const PATH = '/api/comments';

/** POST /api/comments {group, body, reply} */
export const postCommentCall = (input: CommentCreate): OutboxCall => ({
  method: 'POST',
  path: PATH,
  body: input,
});

export interface PendingComment {
  body: string;
  reply: number | null;
}

const isCommentCall = (call: OutboxCall, groupId: number): boolean => {
  if (call.method !== 'POST' || call.path !== PATH) return false;
  const body = call.body as Partial<CommentCreate> | undefined;
  return body?.group === groupId && typeof body.body === 'string';
};

/** The comments of `groupId` still waiting for the network, oldest first. */
export async function pendingComments(groupId: number): Promise<PendingComment[]> {
  return (await queuedCalls())
    .filter((call) => isCommentCall(call, groupId))
    .map((call) => {
      const body = call.body as CommentCreate;
      return { body: body.body, reply: body.reply ?? null };
    });
}
