import { Forbidden } from '../errors';
import type { Caller } from './caller';

/** A comment is edited or deleted by its author or an administrator (moderation). */
export function assertMayChangeComment(
  caller: Pick<Caller, 'isAdmin' | 'userId'>,
  comment: { user_id: number | null },
): void {
  if (!caller.isAdmin && comment.user_id !== caller.userId) {
    throw new Forbidden('Only the author or an administrator can change this comment');
  }
}
