import { describe, expect, it } from 'vitest';
import { COMMENT_MAX, CommentCreateSchema, nestComments, type Comment } from './comment';

const comment = (id: number, reply: number | null, added: string): Comment => ({
  commentId: id,
  userId: 1,
  userName: 'ana',
  commentContent: `comment ${id}`,
  commentAdded: added,
  commentEdited: null,
  commentGroupId: 7,
  commentReply: reply,
});

describe('nestComments', () => {
  it('nests replies under their parent, oldest first at every level', () => {
    const tree = nestComments([
      comment(3, 1, '2024-01-03'),
      comment(2, null, '2024-01-02'),
      comment(1, null, '2024-01-01'),
      comment(4, 3, '2024-01-04'),
      comment(5, 1, '2024-01-02T12:00'),
    ]);
    expect(tree.map((n) => n.commentId)).toEqual([1, 2]);
    expect(tree[0]!.replies.map((n) => n.commentId)).toEqual([5, 3]);
    expect(tree[0]!.replies[1]!.replies.map((n) => n.commentId)).toEqual([4]);
    expect(tree[1]!.replies).toEqual([]);
  });

  it('shows a reply whose parent is not in the list at the top level', () => {
    expect(nestComments([comment(9, 8, '2024-01-01')]).map((n) => n.commentId)).toEqual([9]);
  });

  it('breaks ties of equal dates by id', () => {
    const tree = nestComments([comment(2, null, 'same'), comment(1, null, 'same')]);
    expect(tree.map((n) => n.commentId)).toEqual([1, 2]);
  });
});

describe('CommentCreateSchema', () => {
  it('accepts multi-line bodies up to 2048 characters', () => {
    expect(CommentCreateSchema.safeParse({ group: 1, body: 'a\nb' }).success).toBe(true);
    const longest = 'x'.repeat(COMMENT_MAX);
    expect(CommentCreateSchema.safeParse({ group: 1, body: longest, reply: 3 }).success).toBe(true);
  });

  it('refuses 2049 characters, blank bodies and bad groups', () => {
    expect(CommentCreateSchema.safeParse({ group: 1, body: 'x'.repeat(2049) }).success).toBe(false);
    expect(CommentCreateSchema.safeParse({ group: 1, body: ' \n ' }).success).toBe(false);
    expect(CommentCreateSchema.safeParse({ group: 0, body: 'hi' }).success).toBe(false);
  });
});
