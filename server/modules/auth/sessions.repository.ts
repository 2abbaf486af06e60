import type { Db } from '../../db/database';
import type { SessionRow, UserRow } from '../../db/tables';

export class SessionsRepository {
  constructor(private readonly db: Db) {}

  async insertSession(session: SessionRow): Promise<void> {
    await this.db.insertInto('sessions').values(session).execute();
  }

  /**
   * The user of a session that has not expired, and when the session was last seen: one round
   * trip, since every signed-in request (each range request of a stream) asks it.
   */
  async findLiveSession(
    tokenHash: string,
    now: string,
  ): Promise<{ lastSeenAt: string; user: UserRow } | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.user_id', 'sessions.user_id')
      .selectAll('users')
      .select('sessions.last_seen_at as session_last_seen_at')
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.expires_at', '>', now)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const { session_last_seen_at: lastSeenAt, ...user } = row;
    return { lastSeenAt, user };
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

  /** Every banned address (server/security's BanCache holds them for a second). */
  async listBannedIps(): Promise<string[]> {
    const rows = await this.db.selectFrom('banned_ips').select('ip').execute();
    return rows.map((row) => row.ip);
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
