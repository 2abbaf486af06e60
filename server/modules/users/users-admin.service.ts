import type { z } from 'zod';
import type { UserSearchQuerySchema } from '../../../domain/user';
import { nowIso, type Db } from '../../db/database';
import { BadRequest, Forbidden, NotFound } from '../../errors';
import type { AuthContext } from '../../plugins/session';
import { randomToken } from '../../security/tokens';
import { insertInvite } from '../auth/codes.repository';
import { banIp, deleteUserSessions, unbanIp } from '../auth/sessions.repository';
import {
  deleteUser,
  findUserById,
  searchUsers,
  takeInvite,
  toWireUser,
  updateUser,
} from './users.repository';

/** Invites, bans, deletion and search: the account actions beyond editing a profile. */
export class UsersAdminService {
  constructor(private readonly db: Db) {}

  /** Spends one of the caller's invites on a fresh single-use code. */
  async createInvite(me: AuthContext): Promise<{ inviteCode: string }> {
    const code = randomToken(12);
    await this.db.transaction().execute(async (trx) => {
      if (!(await takeInvite(trx, me.user.user_id))) {
        throw new Forbidden('You have no invites left');
      }
      await insertInvite(trx, code, me.user.user_id, nowIso());
    });
    return { inviteCode: code };
  }

  async setBanned(me: AuthContext, userId: number, banned: boolean): Promise<void> {
    if (me.user.user_id === userId) throw new BadRequest('You cannot ban yourself');
    const updated = await this.db.transaction().execute(async (trx) => {
      const row = await updateUser(trx, userId, { is_banned: banned ? 1 : 0 });
      // A ban takes effect at once: every open session of the account ends.
      if (row !== undefined && banned) await deleteUserSessions(trx, userId);
      return row;
    });
    if (updated === undefined) throw new NotFound('User not found');
  }

  async delete(me: AuthContext, userId: number): Promise<void> {
    if (me.user.user_id === userId) throw new BadRequest('You cannot delete your own account here');
    if ((await findUserById(this.db, userId)) === undefined) throw new NotFound('User not found');
    await deleteUser(this.db, userId);
  }

  banIp(ip: string): Promise<void> {
    return banIp(this.db, ip, nowIso());
  }

  async unbanIp(ip: string): Promise<void> {
    if (!(await unbanIp(this.db, ip))) throw new NotFound('This address is not banned');
  }

  async search(query: z.output<typeof UserSearchQuerySchema>) {
    const { count, rows } = await searchUsers(this.db, query);
    return { count, users: rows.map((row) => toWireUser(row, { includePrivate: true })) };
  }
}
