import { assertMayChangeComment } from '../../access/comments';
import {
  COMMENTS_PAGE,
  nestComments,
  type Comment,
  type CommentCreate,
  type AdminComment,
  type AdminCommentPage,
  type CommentNode,
} from '../../../domain/comment';
import { BadRequest, NotFound } from '../../errors';
import type { Caller } from '../../access/caller';
import { requireBrowse } from '../../access/collections';
import { mayUseRequests, requireRequests } from '../../access/requests';
import type { SettingsService } from '../settings';
import type { AdminCommentRow, CommentRow, CommentsRepository } from './comments.repository';

// Line feeds and tabs are how people format a comment; any other C0 control or DEL is not text.
const isControl = (char: string): boolean => {
  const code = char.charCodeAt(0);
  return (code < 0x20 && char !== '\n' && char !== '\t') || code === 0x7f;
};

/** Stored as plain text: the client renders text, never HTML, so nothing is escaped here. */
export function commentText(raw: string): string {
  const text = raw.replace(/\r\n?/g, '\n');
  if ([...text].some(isControl)) throw new BadRequest('The comment contains control characters');
  return text;
}

function toWireComment(row: CommentRow): Comment {
  return {
    commentId: Number(row.comment_id),
    userId: row.user_id === null ? null : Number(row.user_id),
    userName: row.user_name ?? 'Deleted user',
    commentContent: row.content,
    commentAdded: row.created_at,
    commentEdited: row.edited_at,
    commentGroupId: Number(row.comment_group_id),
    commentReply: row.reply_to === null ? null : Number(row.reply_to),
  };
}

const toAdminComment = (row: AdminCommentRow): AdminComment => ({
  ...toWireComment(row),
  collectionId: row.collection_id === null ? null : Number(row.collection_id),
  collectionName: row.collection_name,
  requestId: row.request_id === null ? null : Number(row.request_id),
  requestName: row.request_name,
});

/** Comments under collections and requests; owners change their own, administrators any. */
export class CommentsService {
  constructor(
    private readonly repo: CommentsRepository,
    private readonly settings: Pick<SettingsService, 'get'>,
  ) {}

  async list(groupId: number, caller: Caller): Promise<CommentNode[]> {
    await this.visibleGroup(groupId, caller);
    return nestComments((await this.repo.threads(groupId, COMMENTS_PAGE)).map(toWireComment));
  }

  async create(input: CommentCreate, caller: Caller): Promise<Comment> {
    await this.visibleGroup(input.group, caller);
    const content = commentText(input.body);
    const replyTo = input.reply ?? null;
    if (replyTo !== null) {
      const parent = await this.repo.find(replyTo);
      if (parent === undefined || Number(parent.comment_group_id) !== input.group) {
        throw new BadRequest('reply must be a comment of the same group');
      }
    }
    const id = await this.repo.insert({
      groupId: input.group,
      userId: caller.userId,
      replyTo,
      content,
    });
    return this.get(id);
  }

  async edit(commentId: number, content: string, caller: Caller): Promise<Comment> {
    await this.owned(commentId, caller);
    await this.repo.updateContent(commentId, commentText(content));
    return this.get(commentId);
  }

  async delete(commentId: number, caller: Caller): Promise<void> {
    await this.owned(commentId, caller);
    await this.repo.delete(commentId);
  }

  async latest(limit: number, offset: number): Promise<AdminCommentPage> {
    const { total, rows } = await this.repo.latest(limit, offset);
    return { total, items: rows.map(toAdminComment) };
  }

  private async get(commentId: number): Promise<Comment> {
    const row = await this.repo.find(commentId);
    if (row === undefined) throw new NotFound('Comment not found');
    return toWireComment(row);
  }

  /**
   * A group under a collection the caller may not see answers 404, like an unknown one.
   * A request's group follows the request rules instead of the library's.
   */
  private async visibleGroup(groupId: number, caller: Caller): Promise<void> {
    if (await this.repo.requestOwned(groupId)) {
      requireRequests(caller, await this.settings.get());
    } else {
      requireBrowse(caller);
    }
    if (!(await this.repo.groupVisible(groupId, caller, await this.requestsOpen(caller)))) {
      throw new NotFound('Comment group not found');
    }
  }

  private async requestsOpen(caller: Caller): Promise<boolean> {
    return mayUseRequests(caller, await this.settings.get());
  }

  /** A comment under a group the caller may no longer see answers 404 like an unknown one. */
  private async owned(commentId: number, caller: Caller): Promise<CommentRow> {
    const row = await this.repo.find(commentId);
    const visible =
      row !== undefined &&
      (await this.repo.groupVisible(
        Number(row.comment_group_id),
        caller,
        await this.requestsOpen(caller),
      ));
    if (row === undefined || !visible) throw new NotFound('Comment not found');
    assertMayChangeComment(caller, row);
    return row;
  }
}
