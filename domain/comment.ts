import { z } from 'zod';

export const COMMENT_MAX = 2048;
export const COMMENTS_PAGE = 100;

export const CommentSchema = z.object({
  commentId: z.number().int(),
  userId: z.number().int().nullable(),
  userName: z.string(),
  commentContent: z.string(),
  commentAdded: z.string(),
  commentEdited: z.string().nullable(),
  commentGroupId: z.number().int(),
  /** The parent comment's id, or null for a top-level comment. */
  commentReply: z.number().int().nullable(),
});
export type Comment = z.infer<typeof CommentSchema>;

/** GET /api/comments (admin): each comment names where it was posted. */
export const AdminCommentSchema = CommentSchema.extend({
  collectionId: z.number().int().nullable(),
  collectionName: z.string().nullable(),
  requestId: z.number().int().nullable(),
  requestName: z.string().nullable(),
});
export type AdminComment = z.infer<typeof AdminCommentSchema>;

export const AdminCommentPageSchema = z.object({
  total: z.number().int(),
  items: z.array(AdminCommentSchema),
});

/** A comment with its replies, nested by commentReply. */
export type CommentNode = Comment & { replies: CommentNode[] };
export const CommentNodeSchema: z.ZodType<CommentNode> = CommentSchema.extend({
  replies: z.array(z.lazy(() => CommentNodeSchema)),
});

const body = z
  .string({ error: 'body is required' })
  .refine((text) => text.trim().length > 0, { error: 'body is required' })
  .refine((text) => text.length <= COMMENT_MAX, {
    error: `body must be at most ${COMMENT_MAX} characters`,
  });

/** POST /api/comments */
export const CommentCreateSchema = z.object({
  group: z.number().int().positive(),
  body,
  reply: z.number().int().positive().nullish(),
});

/** POST /api/comment/{id} */
export const CommentEditSchema = z.object({ content: body });

/** Builds the reply tree from a flat list (oldest first at every level). */
export function nestComments(comments: Comment[]): CommentNode[] {
  const nodes = new Map<number, CommentNode>();
  for (const comment of comments) nodes.set(comment.commentId, { ...comment, replies: [] });
  const roots: CommentNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.commentReply === null ? undefined : nodes.get(node.commentReply);
    (parent ? parent.replies : roots).push(node);
  }
  const byDate = (a: CommentNode, b: CommentNode) =>
    a.commentAdded.localeCompare(b.commentAdded) || a.commentId - b.commentId;
  const sort = (list: CommentNode[]) => {
    list.sort(byDate);
    for (const node of list) sort(node.replies);
  };
  sort(roots);
  return roots;
}

export type CommentCreate = z.infer<typeof CommentCreateSchema>;
export type AdminCommentPage = z.infer<typeof AdminCommentPageSchema>;

/** GET /api/comments?limit&offset (admin); query-string values arrive as text. */
export const LatestCommentsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(COMMENTS_PAGE).optional().default(COMMENTS_PAGE),
  offset: z.coerce.number().int().min(0).optional().default(0),
});

/** GET /api/comments/{groupId}: the group's comments as a reply tree. */
export const CommentTreeSchema = z.array(CommentNodeSchema);
