import type { Db } from '../../db/database';
import { Conflict } from '../../errors';

/** A foreign key refused the delete: some table keeps rows of the user and says so. */
function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

export class UserDeletionRepository {
  constructor(private readonly db: Db) {}

  /**
   * Removes an account in one transaction (decision 0024). Most of it is the tables' own ON
   * DELETE rules: sessions, codes, playlists with their likes, received messages, unlocks,
   * checkouts and subscriptions go with the user; comments, invites, ledger rows and the
   * messages the user sent (they belong to the recipients' inboxes) stay with the user id set to
   * null ("deleted user"). What is done here is what the rules cannot say: ledger rows are
   * detached from the checkouts and subscriptions that disappear, so the books stay whole. A table added later that refuses
   * the delete makes it fail as a whole with 409: nothing is half-deleted.
   */
  async deleteUserAndData(userId: number): Promise<boolean> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('ledger')
          .set({ checkout_id: null })
          .where('checkout_id', 'in', (eb) =>
            eb.selectFrom('checkouts').select('checkout_id').where('user_id', '=', userId),
          )
          .execute();
        await trx
          .updateTable('ledger')
          .set({ subscription_id: null })
          .where('subscription_id', 'in', (eb) =>
            eb.selectFrom('subscriptions').select('subscription_id').where('user_id', '=', userId),
          )
          .execute();
        const result = await trx
          .deleteFrom('users')
          .where('user_id', '=', userId)
          .executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) {
        throw new Conflict('This account still owns records that cannot be removed with it');
      }
      throw error;
    }
  }
}
