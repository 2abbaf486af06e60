import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { AppPasswordsTable, UserRow } from '../../db/tables';

export type AppPasswordRow = Selectable<AppPasswordsTable>;
export type NewAppPassword = Omit<AppPasswordRow, 'app_password_id' | 'last_used_at'>;

/** App passwords (migration 0014); only ever stored sealed, found by their HMAC lookup. */
export class AppPasswordsRepository {
  constructor(private readonly db: Db) {}

  listForUser(userId: number): Promise<AppPasswordRow[]> {
    return this.db
      .selectFrom('app_passwords')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('app_password_id')
      .execute();
  }

  /**
   * Inserts unless the user already holds `max`. The no-op update takes the user's row lock
   * first (a write lock on PostgreSQL, the database's on SQLite), so two creations racing
   * cannot both see room for one more.
   */
  insertWithin(row: NewAppPassword, max: number): Promise<AppPasswordRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set((eb) => ({ user_name: eb.ref('user_name') }))
        .where('user_id', '=', row.user_id)
        .execute();
      const held = await trx
        .selectFrom('app_passwords')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', row.user_id)
        .executeTakeFirstOrThrow();
      if (Number(held.n) >= max) return undefined;
      return trx
        .insertInto('app_passwords')
        .values({ ...row, last_used_at: null })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  /** Only the owner's: someone else's id deletes nothing. */
  async deleteOwn(appPasswordId: number, userId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('app_passwords')
      .where('app_password_id', '=', appPasswordId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The row an apiKey (or a plain `p`) names, with its user, fresh from the database. */
  async findByLookup(
    lookup: string,
  ): Promise<{ appPassword: AppPasswordRow; user: UserRow } | undefined> {
    const appPassword = await this.db
      .selectFrom('app_passwords')
      .selectAll()
      .where('lookup', '=', lookup)
      .executeTakeFirst();
    if (appPassword === undefined) return undefined;
    const user = await this.db
      .selectFrom('users')
      .selectAll()
      .where('user_id', '=', appPassword.user_id)
      .executeTakeFirst();
    return user && { appPassword, user };
  }

  /** Records a use; `before` keeps two requests in the same minute from both writing. */
  async touch(appPasswordId: number, now: string, before: string): Promise<void> {
    await this.db
      .updateTable('app_passwords')
      .set({ last_used_at: now })
      .where('app_password_id', '=', appPasswordId)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', before)]))
      .execute();
  }
}
