import type { ChangePasswordBody } from '../../../domain/account';
import { accountOf, assertDelete } from '../../access/users';
import type { Db } from '../../db/database';
import { Forbidden, NotFound } from '../../errors';
import type { RateLimiter } from '../../plugins/rate-limit';
import type { Caller } from '../../access/caller';
import { assertAcceptablePassword } from '../../security/common-passwords';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { SessionsRepository } from '../auth';
import { UserDeletionRepository } from './user-deletion.repository';
import { UsersRepository } from './users.repository';
import { withExecutor } from '../../db/with-executor';

const WRONG_PASSWORD = 'The current password is wrong';

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  sessions: SessionsRepository;
  userDeletion: UserDeletionRepository;
  users: UsersRepository;
}

/** What a signed-in user does to their own account, each step proven by the password. */
export class AccountService {
  private readonly users: UsersRepository;

  constructor(
    private readonly db: Db,
    private readonly limiter: RateLimiter,
    private readonly repos: Repositories,
  ) {
    this.users = this.repos.users;
  }

  /** The new password applies at once; every other session of the account ends. */
  async changePassword(me: Caller, body: ChangePasswordBody): Promise<void> {
    await this.verify(me, body.currentPassword);
    assertAcceptablePassword(body.newPassword, {
      username: me.user.user_name,
      email: me.user.email,
    });
    const hash = await hashPassword(body.newPassword);
    await this.db.transaction().execute(async (trx) => {
      await withExecutor(this.repos.users, trx).updateUser(me.user.user_id, {
        password_hash: hash,
      });
      // A caller signed in without a cookie session keeps none: every session ends.
      await withExecutor(this.repos.sessions, trx).deleteOtherSessions(
        me.user.user_id,
        me.tokenHash ?? '',
      );
    });
  }

  /** Immediate and final (decision 0024); the last administrator cannot leave. */
  async deleteSelf(me: Caller, password: string): Promise<void> {
    await this.verify(me, password);
    const self = accountOf(me.user);
    assertDelete(self, self, await this.users.countAdmins());
    if (!(await this.repos.userDeletion.deleteUserAndData(me.user.user_id)))
      throw new NotFound('User not found');
  }

  /**
   * A stolen session must not become a way to guess the password: attempts share the login
   * failure counter of the account, which a success resets.
   */
  private async verify(me: Caller, password: string): Promise<void> {
    const key = `user:${me.user.user_id}`;
    await this.limiter.consume('loginFailuresPerAccount', key);
    // Read again: the session's copy may predate a change made in another tab.
    const row = await this.users.findUserById(me.user.user_id);
    if (row === undefined) throw new NotFound('User not found');
    if (!(await verifyPassword(row.password_hash, password))) throw new Forbidden(WRONG_PASSWORD);
    await this.limiter.reset('loginFailuresPerAccount', key);
  }
}
