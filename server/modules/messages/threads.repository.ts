import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface ConversationRow {
  other_id: number;
  user_name: string;
  is_admin: number;
  title: string;
  created_at: string;
  from_user_id: number | null;
  unread: number | string;
}

export interface ThreadRow {
  dm_id: number;
  from_user_id: number | null;
  title: string;
  body: string;
  created_at: string;
  read: number;
}

export interface RecipientRow {
  user_id: number;
  user_name: string;
  is_admin: number;
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Conversations between two users: messages from the system (no sender) stay in the inbox. */
export class ThreadsRepository {
  constructor(private readonly db: Db) {}

  /** One row per correspondent with their latest message and the caller's unread count. */
  conversations(userId: number): Promise<ConversationRow[]> {
    // The correspondent is computed in a subquery so the outer GROUP BY names a plain column
    // (PostgreSQL does not match a CASE with its own parameters to the selected one).
    const mine = this.db
      .selectFrom('direct_messages as dm')
      .select([
        'dm.dm_id',
        'dm.to_user_id',
        'dm.read',
        sql<number>`case when dm.from_user_id = ${userId} then dm.to_user_id else dm.from_user_id end`.as(
          'other_id',
        ),
      ])
      .where('dm.from_user_id', 'is not', null)
      .where((eb) => eb.or([eb('dm.to_user_id', '=', userId), eb('dm.from_user_id', '=', userId)]));
    const grouped = this.db
      .selectFrom(mine.as('m'))
      .select([
        'm.other_id',
        (eb) => eb.fn.max('m.dm_id').as('last_id'),
        sql<number>`sum(case when m.to_user_id = ${userId} and m.read = 0 then 1 else 0 end)`.as(
          'unread',
        ),
      ])
      .groupBy('m.other_id');
    return this.db
      .selectFrom(grouped.as('c'))
      .innerJoin('direct_messages as last', 'last.dm_id', 'c.last_id')
      .innerJoin('users as u', 'u.user_id', 'c.other_id')
      .select([
        'c.other_id',
        'u.user_name',
        'u.is_admin',
        'last.title',
        'last.created_at',
        'last.from_user_id',
        'c.unread',
      ])
      .orderBy('c.last_id', 'desc')
      .execute();
  }

  /** Newest first, `limit` rows older than `before`; the service turns the page around. */
  thread(userId: number, otherId: number, before: number | null, limit: number) {
    let query = this.db
      .selectFrom('direct_messages')
      .select(['dm_id', 'from_user_id', 'title', 'body', 'created_at', 'read'])
      .where((eb) =>
        eb.or([
          eb.and([eb('from_user_id', '=', userId), eb('to_user_id', '=', otherId)]),
          eb.and([eb('from_user_id', '=', otherId), eb('to_user_id', '=', userId)]),
        ]),
      );
    if (before !== null) query = query.where('dm_id', '<', before);
    return query.orderBy('dm_id', 'desc').limit(limit).execute() as Promise<ThreadRow[]>;
  }

  /** Marks what this correspondent sent the caller read; answers how many changed. */
  async markConversationRead(userId: number, otherId: number): Promise<number> {
    const result = await this.db
      .updateTable('direct_messages')
      .set({ read: 1 })
      .where('to_user_id', '=', userId)
      .where('from_user_id', '=', otherId)
      .where('read', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Users a member may write to, by name: never themselves, never banned; admins first. */
  recipients(userId: number, query: string, limit: number): Promise<RecipientRow[]> {
    let select = this.db
      .selectFrom('users')
      .select(['user_id', 'user_name', 'is_admin'])
      .where('user_id', '!=', userId)
      .where('is_banned', '=', 0);
    const text = query.trim().toLowerCase();
    if (text !== '') {
      const pattern = `%${escapeLike(text)}%`;
      select = select.where('user_name_lower', 'like', sql<string>`${pattern} escape '\\'`);
    }
    return select.orderBy('is_admin', 'desc').orderBy('user_name_lower').limit(limit).execute();
  }

  findUser(userId: number): Promise<RecipientRow | undefined> {
    return this.db
      .selectFrom('users')
      .select(['user_id', 'user_name', 'is_admin'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }
}
