import { api } from '../../lib/api-client';

/**
 * DELETE /api/comment/{id} (replies go with it): by its author under a collection, or by an
 * administrator from the list of every comment. Silent by default: the comments section only
 * leaves its busy state on failure (spec part 1, section 8); the admin list shows the toast.
 */
export const deleteComment = (
  commentId: number,
  { silent = true }: { silent?: boolean } = {},
): Promise<unknown> => api('DELETE', `/api/comment/${commentId}`, undefined, { silent });
