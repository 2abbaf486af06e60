import type { Db } from '../../db/database';
import type { SessionRow, UserRow } from '../../db/tables';

export class SessionsRepository {
  constructor(private readonly db: Db) {}

  async insertSession(session: SessionRow): Promise<void> {
    await this.db.insertInto('sessions').values(session).execute();
  }

  /** The session and its user, only while the session has not expired. */
  async findLiveSession(
    tokenHash: string,
    now: string,
  ): Promise<{ session: SessionRow; user: UserRow } | undefined> {
    const session = await this.db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (session === undefined) return undefined;
    const user = await this.db
      .selectFrom('users')
      .selectAll()
      .where('user_id', '=', session.user_id)
      .executeTakeFirst();
    return user === undefined ? undefined : { session, user };
  }

  async touchSession(tokenHash: string, now: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_seen_at: now })
      .where('token_hash', '=', tokenHash)
      .execute();
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  }

  async deleteUserSessions(userId: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }

  async deleteExpiredSessions(now: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  }

  async isIpBanned(ip: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('banned_ips')
      .select('ip')
      .where('ip', '=', ip)
      .executeTakeFirst();
    return row !== undefined;
  }

  async banIp(ip: string, now: string): Promise<void> {
    await this.db
      .insertInto('banned_ips')
      .values({ ip, created_at: now })
      .onConflict((oc) => oc.column('ip').doNothing())
      .execute();
  }

  async unbanIp(ip: string): Promise<boolean> {
    const result = await this.db.deleteFrom('banned_ips').where('ip', '=', ip).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Every session of the user but the one given: a password change keeps this browser in. */
  async deleteOtherSessions(userId: number, keep: string): Promise<void> {
    await this.db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('token_hash', '!=', keep)
      .execute();
  }
}
