import type { Invite, UserSearchFilters, UserSearchResult } from '../../../domain/user';
import { accountOf, assertBan, assertDeleteOther } from '../../access/users';
import type { Caller } from '../../access/caller';
import { nowIso, type Db } from '../../db/database';
import { BadRequest, Forbidden, NotFound } from '../../errors';
import { normalizeIp, type BanCache } from '../../security/ip-ban';
import { randomToken } from '../../security/tokens';
import { CodesRepository } from '../auth';
import { SessionsRepository } from '../auth';
import { UserDeletionRepository } from './user-deletion.repository';
import { UsersRepository, toWireUser } from './users.repository';
import { withExecutor } from '../../db/with-executor';

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  codes: CodesRepository;
  sessions: SessionsRepository;
  userDeletion: UserDeletionRepository;
  users: UsersRepository;
}

/** Invites, bans, deletion and search: the account actions beyond editing a profile. */
export class UsersAdminService {
  private readonly users: UsersRepository;
  private readonly sessions: SessionsRepository;

  constructor(
    private readonly db: Db,
    private readonly repos: Repositories,
    /** Told of every ban and unban, so this process enforces it from the next request. */
    private readonly bans: Pick<BanCache, 'forget'>,
  ) {
    this.users = this.repos.users;
    this.sessions = this.repos.sessions;
  }

  /** Spends one of the caller's invites on a fresh single-use code. */
  async createInvite(me: Caller): Promise<Invite> {
    const code = randomToken(12);
    await this.db.transaction().execute(async (trx) => {
      if (!(await withExecutor(this.repos.users, trx).takeInvite(me.userId))) {
        throw new Forbidden('You have no invites left');
      }
      await withExecutor(this.repos.codes, trx).insertInvite(code, me.userId, nowIso());
    });
    return { inviteCode: code };
  }

  async setBanned(me: Caller, userId: number, banned: boolean): Promise<void> {
    const subject = await this.users.findUserById(userId);
    if (subject === undefined) throw new NotFound('User not found');
    assertBan(me, accountOf(subject));
    await this.db.transaction().execute(async (trx) => {
      await withExecutor(this.repos.users, trx).updateUser(userId, { is_banned: banned ? 1 : 0 });
      // A ban takes effect at once: every open session of the account ends.
      if (banned) await withExecutor(this.repos.sessions, trx).deleteUserSessions(userId);
    });
  }

  async delete(me: Caller, userId: number): Promise<void> {
    const subject = await this.users.findUserById(userId);
    if (subject === undefined) throw new NotFound('User not found');
    assertDeleteOther(me, accountOf(subject), await this.users.countAdmins());
    if (!(await this.repos.userDeletion.deleteUserAndData(userId)))
      throw new NotFound('User not found');
  }

  /** An administrator cannot lock themself out by banning the address they call from. */
  async banIp(address: string, callerAddress: string): Promise<void> {
    const ip = normalizeIp(address);
    if (ip === normalizeIp(callerAddress)) throw new BadRequest('You cannot ban your own address');
    await this.sessions.banIp(ip, nowIso());
    this.bans.forget();
  }

  async ipBanState(address: string): Promise<{ ip: string; banned: boolean }> {
    const ip = normalizeIp(address);
    return { ip, banned: await this.sessions.isIpBanned(ip) };
  }

  /** Idempotent: the address ends up not banned whether or not it was (decision 0024). */
  async unbanIp(address: string): Promise<void> {
    await this.sessions.unbanIp(normalizeIp(address));
    this.bans.forget();
  }

  async search(query: UserSearchFilters): Promise<UserSearchResult> {
    const { count, rows } = await this.users.searchUsers(query);
    return { count, users: rows.map((row) => toWireUser(row, { includePrivate: true })) };
  }
}
