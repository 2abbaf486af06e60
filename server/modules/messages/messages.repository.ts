import { nowIso, type Db } from '../../db/database';

export interface MessageRow {
  dm_id: number;
  from_user_id: number | null;
  from_user_name: string | null;
  title: string;
  body: string;
  created_at: string;
  read: number;
}

export class MessagesRepository {
  constructor(private readonly db: Db) {}

  /** Newest first: the inbox shows what came in last at the top. */
  inbox(userId: number): Promise<MessageRow[]> {
    return this.db
      .selectFrom('direct_messages as dm')
      .leftJoin('users as u', 'u.user_id', 'dm.from_user_id')
      .select([
        'dm.dm_id',
        'dm.from_user_id',
        'u.user_name as from_user_name',
        'dm.title',
        'dm.body',
        'dm.created_at',
        'dm.read',
      ])
      .where('dm.to_user_id', '=', userId)
      .orderBy('dm.created_at', 'desc')
      .orderBy('dm.dm_id', 'desc')
      .execute();
  }

  async insertMessage(values: {
    from: number | null;
    to: number;
    title: string;
    body: string;
  }): Promise<number> {
    const row = await this.db
      .insertInto('direct_messages')
      .values({
        from_user_id: values.from,
        to_user_id: values.to,
        title: values.title,
        body: values.body,
        created_at: nowIso(),
        read: 0,
      })
      .returning('dm_id')
      .executeTakeFirstOrThrow();
    return Number(row.dm_id);
  }

  /** Only the recipient's own message; false when there is none with this id in their inbox. */
  async markRead(dmId: number, userId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('direct_messages')
      .set({ read: 1 })
      .where('dm_id', '=', dmId)
      .where('to_user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteMessage(dmId: number, userId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('direct_messages')
      .where('dm_id', '=', dmId)
      .where('to_user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async countUnreadMessages(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('direct_messages')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('to_user_id', '=', userId)
      .where('read', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
