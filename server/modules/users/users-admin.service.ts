import type { Invite, UserSearchFilters, UserSearchResult } from '../../../domain/user';
import { accountOf, assertBan, assertDeleteOther } from '../../access/users';
import type { Caller } from '../../access/caller';
import { nowIso, type Db } from '../../db/database';
import { BadRequest, Forbidden, NotFound } from '../../errors';
import { normalizeIp } from '../../security/ip-ban';
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

/** Invites, bans, deletion and search: the account actions beyond editing a profile. */
export class UsersAdminService {
  constructor(private readonly db: Db) {}

  /** Spends one of the caller's invites on a fresh single-use code. */
  async createInvite(me: Caller): Promise<Invite> {
    const code = randomToken(12);
    await this.db.transaction().execute(async (trx) => {
      if (!(await takeInvite(trx, me.userId))) {
        throw new Forbidden('You have no invites left');
      }
      await insertInvite(trx, code, me.userId, nowIso());
    });
    return { inviteCode: code };
  }

  async setBanned(me: Caller, userId: number, banned: boolean): Promise<void> {
    const subject = await findUserById(this.db, userId);
    if (subject === undefined) throw new NotFound('User not found');
    assertBan(me, accountOf(subject));
    await this.db.transaction().execute(async (trx) => {
      await updateUser(trx, userId, { is_banned: banned ? 1 : 0 });
      // A ban takes effect at once: every open session of the account ends.
      if (banned) await deleteUserSessions(trx, userId);
    });
  }

  async delete(me: Caller, userId: number): Promise<void> {
    const subject = await findUserById(this.db, userId);
    if (subject === undefined) throw new NotFound('User not found');
    assertDeleteOther(me, accountOf(subject), await countAdmins(this.db));
    if (!(await deleteUserAndData(this.db, userId))) throw new NotFound('User not found');
  }

  /** An administrator cannot lock themself out by banning the address they call from. */
  async banIp(address: string, callerAddress: string): Promise<void> {
    const ip = normalizeIp(address);
    if (ip === normalizeIp(callerAddress)) throw new BadRequest('You cannot ban your own address');
    await banIp(this.db, ip, nowIso());
  }

  /** Idempotent: the address ends up not banned whether or not it was (decision 0024). */
  async unbanIp(address: string): Promise<void> {
    await unbanIp(this.db, normalizeIp(address));
  }

  async search(query: UserSearchFilters): Promise<UserSearchResult> {
    const { count, rows } = await searchUsers(this.db, query);
    return { count, users: rows.map((row) => toWireUser(row, { includePrivate: true })) };
  }
}
