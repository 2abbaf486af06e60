import { sql } from 'kysely';
import { nowIso, type Db } from '../../db/database';
import { visibleTo, type Visibility } from '../../access/collections';

export interface CommentRow {
  comment_id: number;
  comment_group_id: number;
  user_id: number | null;
  user_name: string | null;
  reply_to: number | null;
  content: string;
  created_at: string;
  edited_at: string | null;
}

export interface AdminCommentRow extends CommentRow {
  collection_id: number | null;
  collection_name: string | null;
  request_id: number | null;
  request_name: string | null;
}

const COLUMNS = sql.raw(`cm.comment_id, cm.comment_group_id, cm.user_id, u.user_name,
  cm.reply_to, cm.content, cm.created_at, cm.edited_at`);

export class CommentsRepository {
  constructor(private readonly db: Db) {}

  /** A new comment group: every collection and request owns one from its creation. */
  async insertGroup(createdAt: string): Promise<number> {
    const group = await this.db
      .insertInto('comment_groups')
      .values({ created_at: createdAt })
      .returning('comment_group_id')
      .executeTakeFirstOrThrow();
    return Number(group.comment_group_id);
  }

  /**
   * Whether the caller may see the group: it belongs to a collection they may see, or to a
   * request while `requestsOpen` (the caller may use requests). A request's group is never
   * visible through a collection rule, and a group nobody owns answers like a missing one.
   */
  async groupVisible(groupId: number, caller: Visibility, requestsOpen: boolean): Promise<boolean> {
    const owner = await this.requestOwned(groupId);
    if (owner) return requestsOpen;
    const result = await sql<{ found: number }>`SELECT 1 AS found FROM collections c
      WHERE c.comment_group_id = ${groupId} AND ${visibleTo(caller, 'c')}
      LIMIT 1`.execute(this.db);
    return result.rows.length > 0;
  }

  /** Whether a request owns the group (its comments follow the request rules). */
  async requestOwned(groupId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('requests')
      .select('request_id')
      .where('comment_group_id', '=', groupId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The latest `limit` top-level comments of the group and every reply below them. */
  async threads(groupId: number, limit: number): Promise<CommentRow[]> {
    const result = await sql<CommentRow>`WITH RECURSIVE thread(comment_id) AS (
        SELECT roots.comment_id FROM (SELECT comment_id FROM comments
          WHERE comment_group_id = ${groupId} AND reply_to IS NULL
          ORDER BY created_at DESC, comment_id DESC LIMIT ${limit}) roots
        UNION ALL
        SELECT r.comment_id FROM comments r JOIN thread t ON r.reply_to = t.comment_id
      )
      SELECT ${COLUMNS} FROM comments cm
      JOIN thread t ON t.comment_id = cm.comment_id
      LEFT JOIN users u ON u.user_id = cm.user_id
      ORDER BY cm.created_at, cm.comment_id`.execute(this.db);
    return result.rows;
  }

  async find(commentId: number): Promise<CommentRow | undefined> {
    const result = await sql<CommentRow>`SELECT ${COLUMNS} FROM comments cm
      LEFT JOIN users u ON u.user_id = cm.user_id
      WHERE cm.comment_id = ${commentId}`.execute(this.db);
    return result.rows[0];
  }

  async insert(values: {
    groupId: number;
    userId: number;
    replyTo: number | null;
    content: string;
  }): Promise<number> {
    const row = await this.db
      .insertInto('comments')
      .values({
        comment_group_id: values.groupId,
        user_id: values.userId,
        reply_to: values.replyTo,
        content: values.content,
        created_at: nowIso(),
      })
      .returning('comment_id')
      .executeTakeFirstOrThrow();
    return row.comment_id;
  }

  async updateContent(commentId: number, content: string): Promise<void> {
    await this.db
      .updateTable('comments')
      .set({ content, edited_at: nowIso() })
      .where('comment_id', '=', commentId)
      .execute();
  }

  /** Replies go with it (ON DELETE CASCADE on reply_to). */
  async delete(commentId: number): Promise<void> {
    await this.db.deleteFrom('comments').where('comment_id', '=', commentId).execute();
  }

  /** Newest first across all groups, with the collection or request each belongs to (admin). */
  async latest(limit: number, offset: number): Promise<{ total: number; rows: AdminCommentRow[] }> {
    const total = await this.db
      .selectFrom('comments')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    const result = await sql<AdminCommentRow>`SELECT ${COLUMNS},
        c.collection_id, c.name AS collection_name, r.request_id, r.name AS request_name
      FROM comments cm
      LEFT JOIN users u ON u.user_id = cm.user_id
      LEFT JOIN requests r ON r.comment_group_id = cm.comment_group_id
      LEFT JOIN collections c ON c.collection_id = (SELECT min(c2.collection_id)
        FROM collections c2 WHERE c2.comment_group_id = cm.comment_group_id)
      ORDER BY cm.created_at DESC, cm.comment_id DESC
      LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
    return { total: Number(total.count), rows: result.rows };
  }
}
