import type { Db } from '../../db/database';
import type { SessionRow, UserRow } from '../../db/tables';

export async function insertSession(db: Db, session: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** The session and its user, only while the session has not expired. */
export async function findLiveSession(
  db: Db,
  tokenHash: string,
  now: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const session = await db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (session === undefined) return undefined;
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('user_id', '=', session.user_id)
    .executeTakeFirst();
  return user === undefined ? undefined : { session, user };
}

export async function touchSession(db: Db, tokenHash: string, now: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now })
    .where('token_hash', '=', tokenHash)
    .execute();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function deleteExpiredSessions(db: Db, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}

export async function isIpBanned(db: Db, ip: string): Promise<boolean> {
  const row = await db
    .selectFrom('banned_ips')
    .select('ip')
    .where('ip', '=', ip)
    .executeTakeFirst();
  return row !== undefined;
}

export async function banIp(db: Db, ip: string, now: string): Promise<void> {
  await db
    .insertInto('banned_ips')
    .values({ ip, created_at: now })
    .onConflict((oc) => oc.column('ip').doNothing())
    .execute();
}

export async function unbanIp(db: Db, ip: string): Promise<boolean> {
  const result = await db.deleteFrom('banned_ips').where('ip', '=', ip).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every session of the user but the one given: a password change keeps this browser in. */
export async function deleteOtherSessions(db: Db, userId: number, keep: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('token_hash', '!=', keep)
    .execute();
}
