import type { z } from 'zod';
import type { UserSearchQuerySchema } from '../../../domain/user';
import { assertBan, assertDelete } from '../../access/users';
import { nowIso, type Db } from '../../db/database';
import { Forbidden, NotFound } from '../../errors';
import type { AuthContext } from '../../plugins/session';
import { randomToken } from '../../security/tokens';
import { insertInvite } from '../auth/codes.repository';
import { banIp, deleteUserSessions, unbanIp } from '../auth/sessions.repository';
import { deleteUserAndData } from './user-deletion.repository';
import {
  countAdmins,
  findUserById,
  searchUsers,
  takeInvite,
  toWireUser,
  updateUser,
} from './users.repository';
import { actorOf } from './users.service';

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
    const subject = await findUserById(this.db, userId);
    if (subject === undefined) throw new NotFound('User not found');
    assertBan(actorOf(me.user), actorOf(subject));
    await this.db.transaction().execute(async (trx) => {
      await updateUser(trx, userId, { is_banned: banned ? 1 : 0 });
      // A ban takes effect at once: every open session of the account ends.
      if (banned) await deleteUserSessions(trx, userId);
    });
  }

  async delete(me: AuthContext, userId: number): Promise<void> {
    const subject = await findUserById(this.db, userId);
    if (subject === undefined) throw new NotFound('User not found');
    if (userId === me.user.user_id) {
      throw new Forbidden('Delete your own account from your profile, with your password');
    }
    assertDelete(actorOf(me.user), actorOf(subject), await countAdmins(this.db));
    if (!(await deleteUserAndData(this.db, userId))) throw new NotFound('User not found');
  }

  banIp(ip: string): Promise<void> {
    return banIp(this.db, ip, nowIso());
  }

  /** Idempotent: the address ends up not banned whether or not it was (decision 0024). */
  async unbanIp(ip: string): Promise<void> {
    await unbanIp(this.db, ip);
  }

  async search(query: z.output<typeof UserSearchQuerySchema>) {
    const { count, rows } = await searchUsers(this.db, query);
    return { count, users: rows.map((row) => toWireUser(row, { includePrivate: true })) };
  }
}
