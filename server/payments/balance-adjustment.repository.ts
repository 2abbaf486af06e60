import type { Db } from '../db/database';
import { Conflict } from '../errors';

export interface BalanceAdjustment {
  userId: number;
  /** The balance the administrator saw; the change applies only while it is still this. */
  from: number;
  to: number;
  adminId: number;
  now: string;
}

export class BalanceAdjustmentRepository {
  constructor(private readonly db: Db) {}

  /**
   * An administrator sets a user's balance: money appears or disappears, so it is booked like
   * any other movement, in the caller's transaction. The guard on the old balance makes a
   * purchase landing meanwhile win instead of being silently overwritten.
   */
  async adjustBalance(change: BalanceAdjustment): Promise<void> {
    if (change.from === change.to) return;
    const result = await this.db
      .updateTable('users')
      // Counts as activity for the dormant-balance rule (decision 0019).
      .set({ balance: change.to, balance_changed_at: change.now, dormant_notice_at: null })
      .where('user_id', '=', change.userId)
      .where('balance', '=', change.from)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      throw new Conflict('The balance changed meanwhile: reload the profile and try again');
    }
    await this.db
      .insertInto('ledger')
      .values({
        user_id: change.userId,
        kind: 'adjustment',
        product_id: null,
        checkout_id: null,
        subscription_id: null,
        provider: 'balance',
        // Who moved the money; the ledger keeps it when that administrator is deleted.
        provider_ref: `admin:${change.adminId}`,
        amount: change.to - change.from,
        fee: 0,
        seller_id: null,
        seller_net: 0,
        created_at: change.now,
      })
      .execute();
  }
}
