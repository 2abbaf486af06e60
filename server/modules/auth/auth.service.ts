import { isUniqueViolation } from '../../db/unique-violation';
import type {
  LoginBody,
  RegisterValues,
  ResetBody,
  ResetCode,
  ResetRequestBody,
} from '../../../domain/auth';
import type { Caller } from '../../access/caller';
import { mayResetWithoutEmail } from '../../access/users';
import type { Config } from '../../config';
import { fromBool, nowIso, type Db } from '../../db/database';
import type { UserRow } from '../../db/tables';
import { BadRequest, Conflict, Forbidden, Unauthorized } from '../../errors';
import type { Mailer } from '../../mail/mailer';
import { confirmationMail, passwordResetMail } from '../../mail/templates';
import type { RateLimiter } from '../../plugins/rate-limit';
import { assertAcceptablePassword } from '../../security/common-passwords';
import { hashPassword, verifyDummy, verifyPassword } from '../../security/passwords';
import { randomToken, sha256 } from '../../security/tokens';
import { RolesRepository } from '../roles';
import type { SettingsService } from '../settings';
import { UsersRepository } from '../users';
import { CodesRepository } from './codes.repository';
import { SessionsRepository } from './sessions.repository';
import { withExecutor } from '../../db/with-executor';

const HOUR_MS = 60 * 60 * 1000;
const CONFIRM_TTL_MS = 7 * 24 * HOUR_MS;
const RESET_TTL_MS = HOUR_MS;
const INVALID_LOGIN = 'Invalid username or password';
const INVALID_RESET = 'This reset link is invalid or has expired';

/** Two registrations racing for one name: the unique index decides and the loser gets 409. */
function rethrowUniqueViolation(error: unknown): never {
  if (isUniqueViolation(error))
    throw new Conflict('This username or e-mail address is already taken');
  throw error;
}

/** How an unknown login is counted: the way the lookup compares it. */
const loginKey = (login: string): string => login.trim().normalize('NFKC').toLowerCase();

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  codes: CodesRepository;
  roles: RolesRepository;
  sessions: SessionsRepository;
  users: UsersRepository;
}

export class AuthService {
  private readonly users: UsersRepository;
  private readonly codes: CodesRepository;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly settings: SettingsService,
    private readonly mailer: Mailer,
    private readonly limiter: RateLimiter,
    private readonly repos: Repositories,
  ) {
    this.users = this.repos.users;
    this.codes = this.repos.codes;
  }

  async login(body: LoginBody, ip: string): Promise<UserRow> {
    await this.limiter.consume('loginPerIp', ip);
    const user = await this.users.findUserByLogin(body.username);
    // Every spelling of one account (name, e-mail, any case) shares one counter, and the slot
    // is taken before the password check: parallel attempts cannot all pass a stale check.
    const account =
      user === undefined ? `login:${loginKey(body.username)}` : `user:${user.user_id}`;
    await this.limiter.consume('loginFailuresPerAccount', account);
    let ok = false;
    if (user === undefined) await verifyDummy(body.password);
    else ok = await verifyPassword(user.password_hash, body.password);
    if (user === undefined || !ok) throw new Unauthorized(INVALID_LOGIN);
    // Checked after the password so the answer does not reveal bans to strangers.
    if (user.is_banned === 1) throw new Forbidden('This account is banned');
    await this.limiter.reset('loginFailuresPerAccount', account);
    const updated = await this.users.updateUser(user.user_id, {
      last_login_time: nowIso(),
      last_login_ip: ip,
    });
    return updated ?? user;
  }

  async register(body: RegisterValues, ip: string): Promise<UserRow> {
    // Both before any check: "already exists" answers must not be available in bulk (0017).
    await this.limiter.consume('registerPerIp', ip);
    await this.limiter.consume('registerPerEmail', body.email.trim().toLowerCase());
    const settings = await this.settings.get();
    if (settings.registrations === 'closed') {
      throw new Forbidden('Registrations are currently closed');
    }
    const invite = body.invite?.trim() ?? '';
    if (
      settings.registrations === 'inviteOnly' &&
      (invite === '' || !(await this.codes.isInviteUsable(invite)))
    ) {
      throw new Forbidden('A valid invite code is required');
    }
    if (!settings.multipleAccountsFromSameIp && (await this.users.countUsersFromIp(ip)) > 0) {
      throw new Forbidden('An account was already registered from this network address');
    }
    assertAcceptablePassword(body.password, { username: body.username, email: body.email });
    await this.assertAvailable(body.username, body.email);
    const role = await this.repos.roles.findRole(settings.defaultRoleId);
    if (role === undefined) throw new Error(`default role ${settings.defaultRoleId} is missing`);

    const passwordHash = await hashPassword(body.password);
    const code = randomToken();
    const now = new Date();
    const user = await this.db
      .transaction()
      .execute(async (trx) => {
        const codes = withExecutor(this.repos.codes, trx);
        const created = await withExecutor(this.repos.users, trx).insertUserWithLikedPlaylist({
          user_name: body.username,
          user_name_lower: body.username.toLowerCase(),
          email: body.email,
          email_lower: body.email.toLowerCase(),
          password_hash: passwordHash,
          full_name: body.name === '' ? null : body.name,
          age: null,
          gender: 0.5,
          country: null,
          socials: '{}',
          email_confirmed: 0,
          email_marketing: fromBool(body.emailMarketing),
          remaining_downloads: role.download_limit,
          remaining_requests: role.request_limit,
          remaining_invites: 0,
          role_id: role.role_id,
          role_expiration: null,
          balance: 0,
          register_time: now.toISOString(),
          last_login_time: now.toISOString(),
          last_login_ip: ip,
          register_ip: ip,
          is_banned: 0,
          is_admin: 0,
          liked_playlist: null,
          extra: JSON.stringify({ genres: [] }),
        });
        // Consumed inside the transaction: two people racing for one code cannot both win.
        if (
          settings.registrations === 'inviteOnly' &&
          !(await codes.consumeInvite(invite, created.user_id))
        ) {
          throw new Forbidden('A valid invite code is required');
        }
        await codes.insertEmailConfirmation({
          code,
          user_id: created.user_id,
          email: created.email,
          expires_at: new Date(now.getTime() + CONFIRM_TTL_MS).toISOString(),
        });
        return created;
      })
      .catch(rethrowUniqueViolation);
    await this.mailer.send(
      confirmationMail(this.config.publicUrl, user.email, user.user_name, code),
    );
    return user;
  }

  private async assertAvailable(username: string, email: string): Promise<void> {
    if ((await this.users.findUserByName(username)) !== undefined) {
      throw new Conflict('This username is already taken');
    }
    if ((await this.users.findUserByEmail(email)) !== undefined) {
      throw new Conflict('An account with this e-mail address already exists');
    }
  }

  /** Answers the code only to an administrator asking with noEmail; others always get null. */
  async requestReset(
    body: ResetRequestBody,
    ip: string,
    requester: Caller | null,
  ): Promise<ResetCode | null> {
    const asAdmin = body.noEmail === true && mayResetWithoutEmail(requester);
    if (!asAdmin) {
      await this.limiter.consume('resetPerIp', ip);
      await this.limiter.consume('resetPerEmail', body.email.toLowerCase());
    }
    const user = await this.users.findUserByEmail(body.email);
    if (user === undefined) {
      if (asAdmin) throw new BadRequest('No account has this e-mail address');
      return null;
    }
    const code = randomToken();
    const expires = new Date(Date.now() + RESET_TTL_MS).toISOString();
    await this.codes.insertPasswordReset({
      code_hash: sha256(code),
      user_id: user.user_id,
      expires_at: expires,
    });
    if (asAdmin) return { passwordResetRequestCode: code, passwordResetRequestExpires: expires };
    // Not awaited: the answer must take as long for a known address as for an unknown one.
    // send() never rejects; failures are logged by the mailer.
    void this.mailer.send(
      passwordResetMail(this.config.publicUrl, user.email, user.user_name, code),
    );
    return null;
  }

  async resetPassword(body: ResetBody, ip: string): Promise<void> {
    await this.limiter.consume('resetSubmitPerIp', ip);
    const codeHash = sha256(body.code);
    // The code first: a made-up one must cost a lookup, not an argon2 hash.
    if (!(await this.codes.isPasswordResetLive(codeHash, nowIso()))) {
      throw new BadRequest(INVALID_RESET);
    }
    // After the code, so a stranger cannot use this call to test passwords against the list.
    assertAcceptablePassword(body.password);
    const passwordHash = await hashPassword(body.password);
    await this.db.transaction().execute(async (trx) => {
      const userId = await withExecutor(this.repos.codes, trx).consumePasswordReset(
        codeHash,
        nowIso(),
      );
      if (userId === undefined) throw new BadRequest(INVALID_RESET);
      await withExecutor(this.repos.users, trx).updateUser(userId, { password_hash: passwordHash });
      // Whoever knew the old password is signed out everywhere.
      await withExecutor(this.repos.sessions, trx).deleteUserSessions(userId);
    });
  }

  /**
   * A new confirmation mail for a signed-in, unconfirmed account (the banner's "resend").
   * Earlier links stay valid until they expire: a mail arriving late still works.
   */
  async resendConfirmation(user: UserRow, ip: string): Promise<void> {
    if (user.email_confirmed === 1) throw new Conflict('Your e-mail address is already confirmed');
    // Both counted before sending: every call is a real mail to someone's inbox.
    await this.limiter.consume('confirmResendPerUser', String(user.user_id));
    await this.limiter.consume('confirmResendPerIp', ip);
    const code = randomToken();
    await this.codes.insertEmailConfirmation({
      code,
      user_id: user.user_id,
      email: user.email,
      expires_at: new Date(Date.now() + CONFIRM_TTL_MS).toISOString(),
    });
    await this.mailer.send(
      confirmationMail(this.config.publicUrl, user.email, user.user_name, code),
    );
  }

  /**
   * `signedIn` is the browser's own account: a confirmed user opening the link again (a second
   * tab, a reload while the first answer was on its way) is told it worked, not that it failed.
   */
  async confirmEmail(code: string, signedIn?: UserRow): Promise<void> {
    const row = await this.codes.findEmailConfirmation(code, nowIso());
    if (row === undefined && signedIn?.email_confirmed === 1) return;
    const user = row === undefined ? undefined : await this.users.findUserById(row.user_id);
    // A code sent to an address the account no longer uses confirms nothing.
    if (row === undefined || user === undefined || user.email_lower !== row.email.toLowerCase()) {
      throw new BadRequest('This confirmation link is invalid or has expired');
    }
    await this.db.transaction().execute(async (trx) => {
      await withExecutor(this.repos.users, trx).updateUser(user.user_id, { email_confirmed: 1 });
      await withExecutor(this.repos.codes, trx).deleteEmailConfirmations(user.user_id);
    });
  }
}
