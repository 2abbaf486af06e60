import type { Db } from '../../db/database';

/** E-mail confirmation codes, password reset codes and invites. */
export class CodesRepository {
  constructor(private readonly db: Db) {}

  async insertEmailConfirmation(row: {
    code: string;
    user_id: number;
    email: string;
    expires_at: string;
  }): Promise<void> {
    await this.db.insertInto('email_confirmations').values(row).execute();
  }

  findEmailConfirmation(code: string, now: string) {
    return this.db
      .selectFrom('email_confirmations')
      .selectAll()
      .where('code', '=', code)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  async deleteEmailConfirmations(userId: number): Promise<void> {
    await this.db.deleteFrom('email_confirmations').where('user_id', '=', userId).execute();
  }

  async insertPasswordReset(row: {
    code_hash: string;
    user_id: number;
    expires_at: string;
  }): Promise<void> {
    await this.db
      .insertInto('password_resets')
      .values({ ...row, used_at: null })
      .execute();
  }

  /** Whether the code could be used now (read only; consumePasswordReset decides races). */
  async isPasswordResetLive(codeHash: string, now: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('password_resets')
      .select('user_id')
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Marks the code used and answers its user, only if it was unused and unexpired. */
  async consumePasswordReset(codeHash: string, now: string): Promise<number | undefined> {
    const row = await this.db
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id;
  }

  /** Marks the invite used by this user, only if it was unused; false otherwise. */
  async consumeInvite(code: string, userId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('invites')
      .set({ used_by: userId })
      .where('code', '=', code)
      .where('used_by', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async isInviteUsable(code: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('invites')
      .select('code')
      .where('code', '=', code)
      .where('used_by', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertInvite(code: string, createdBy: number, now: string): Promise<void> {
    await this.db
      .insertInto('invites')
      .values({ code, created_by: createdBy, created_at: now, used_by: null })
      .execute();
  }
}
