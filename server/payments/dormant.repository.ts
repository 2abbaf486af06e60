import { sql } from 'kysely';
import type { Db } from '../db/database';

/** Accounts whose balance has not moved since `changedBefore` (register time if never). */
const lastChange = sql<string>`COALESCE(balance_changed_at, register_time)`;

export class DormantRepository {
  constructor(private readonly db: Db) {}

  /** Balances due a notice: untouched since `changedBefore` and not yet told. */
  dueNotice(changedBefore: string) {
    return this.db
      .selectFrom('users')
      .select([
        'user_id',
        'user_name',
        'email',
        'balance',
        sql<string>`${lastChange}`.as('changed'),
      ])
      .where('balance', '>', 0)
      .where('dormant_notice_at', 'is', null)
      .where(lastChange, '<=', changedBefore)
      .execute();
  }

  /** Marks the notice sent, once: false when another run got there first. */
  async markNoticed(userId: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ dormant_notice_at: now })
      .where('user_id', '=', userId)
      .where('dormant_notice_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Balances due the fee: untouched long enough and warned long enough ago. */
  dueFee(changedBefore: string, noticedBefore: string) {
    return this.db
      .selectFrom('users')
      .select(['user_id', 'balance', 'dormant_notice_at'])
      .where('balance', '>', 0)
      .where(lastChange, '<=', changedBefore)
      .where('dormant_notice_at', 'is not', null)
      .where('dormant_notice_at', '<=', noticedBefore)
      .execute();
  }

  /**
   * Takes the whole balance and writes its ledger row in one transaction. The guard on the
   * amount seen and the notice date makes a second run (or a concurrent one) take nothing.
   */
  async takeFee(
    user: { user_id: number; balance: number; dormant_notice_at: string | null },
    now: string,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('users')
        .set({ balance: 0, balance_changed_at: now, dormant_notice_at: null })
        .where('user_id', '=', user.user_id)
        .where('balance', '=', user.balance)
        .where('dormant_notice_at', '=', user.dormant_notice_at)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await trx
        .insertInto('ledger')
        .values({
          user_id: user.user_id,
          kind: 'dormant_fee',
          product_id: null,
          checkout_id: null,
          subscription_id: null,
          provider: 'balance',
          provider_ref: null,
          amount: user.balance,
          fee: user.balance,
          seller_id: null,
          seller_net: 0,
          created_at: now,
        })
        .execute();
      return true;
    });
  }

  /** Expired roles fall back to the default role; `userId` limits it to one account. */
  async expireRoles(now: string, defaultRoleId: number, userId?: number): Promise<number> {
    let query = this.db
      .updateTable('users')
      .set({ role_id: defaultRoleId, role_expiration: null })
      .where('role_expiration', 'is not', null)
      .where('role_expiration', '<=', now);
    if (userId !== undefined) query = query.where('user_id', '=', userId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
