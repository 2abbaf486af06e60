import type { Db } from '../../db/database';

/** E-mail confirmation codes, password reset codes and invites. */

export async function insertEmailConfirmation(
  db: Db,
  row: { code: string; user_id: number; email: string; expires_at: string },
): Promise<void> {
  await db.insertInto('email_confirmations').values(row).execute();
}

export const findEmailConfirmation = (db: Db, code: string, now: string) =>
  db
    .selectFrom('email_confirmations')
    .selectAll()
    .where('code', '=', code)
    .where('expires_at', '>', now)
    .executeTakeFirst();

export async function deleteEmailConfirmations(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('email_confirmations').where('user_id', '=', userId).execute();
}

export async function insertPasswordReset(
  db: Db,
  row: { code_hash: string; user_id: number; expires_at: string },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({ ...row, used_at: null })
    .execute();
}

/** Whether the code could be used now (read only; consumePasswordReset decides races). */
export async function isPasswordResetLive(db: Db, codeHash: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('password_resets')
    .select('user_id')
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks the code used and answers its user, only if it was unused and unexpired. */
export async function consumePasswordReset(
  db: Db,
  codeHash: string,
  now: string,
): Promise<number | undefined> {
  const row = await db
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
export async function consumeInvite(db: Db, code: string, userId: number): Promise<boolean> {
  const result = await db
    .updateTable('invites')
    .set({ used_by: userId })
    .where('code', '=', code)
    .where('used_by', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function isInviteUsable(db: Db, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('invites')
    .select('code')
    .where('code', '=', code)
    .where('used_by', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertInvite(
  db: Db,
  code: string,
  createdBy: number,
  now: string,
): Promise<void> {
  await db
    .insertInto('invites')
    .values({ code, created_by: createdBy, created_at: now, used_by: null })
    .execute();
}
