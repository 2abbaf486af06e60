import { createHash } from 'node:crypto';
import { loadCaller, type Caller } from '../../access/caller';
import type { AppDeps } from '../../app-deps';
import { nowIso } from '../../db/database';
import { TooManyRequests } from '../../errors';
import type { RateLimitConfig, RateLimiter } from '../../plugins/rate-limit';
import { normalizeIp } from '../../security/ip-ban';
import { safeEqual } from '../../security/tokens';
import type { AppPasswordMatch, AppPasswordsService } from '../app-passwords';
import type { UsersService } from '../users';
import { SubsonicError, type SubsonicParams } from './subsonic-call';

const WRONG_CREDENTIALS = 'Wrong username or password';

const md5 = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');

/** `p` as sent: plain, or `enc:` and the UTF-8 bytes in hex. */
function plainPassword(p: string): string {
  if (!p.startsWith('enc:')) return p;
  const hex = p.slice(4);
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new SubsonicError(40, WRONG_CREDENTIALS);
  return Buffer.from(hex, 'hex').toString('utf8');
}

const present = (value: string | undefined): value is string => value !== undefined && value !== '';

/**
 * Who a /rest call is, from its parameters only (never a cookie): an app password as the
 * OpenSubsonic `apiKey`, or `u` with that app password as `p` or as token (`t` = md5(password
 * + `s`)). The sign-in password is an argon2id hash and never matches. Failures are counted
 * per address and per user name like sign-in; while either is over its limit nothing is
 * checked at all.
 */
export class SubsonicAuth {
  private readonly users: UsersService;

  private readonly appPasswords: AppPasswordsService;

  private readonly limiter: RateLimiter;

  constructor(private readonly deps: Pick<AppDeps, 'limiter' | 'services' | 'callers'>) {
    this.users = deps.services.users;
    this.appPasswords = deps.services.appPasswords;
    this.limiter = deps.limiter;
  }

  async authenticate(params: SubsonicParams, ip: string): Promise<Caller> {
    const address = normalizeIp(ip);
    const apiKey = params.get('apiKey');
    const [u, p, t, s] = ['u', 'p', 't', 's'].map((name) => params.get(name));
    if (apiKey !== undefined) {
      if (u !== undefined || p !== undefined || t !== undefined) {
        throw new SubsonicError(43, 'Send either apiKey or u with p or t, not both');
      }
      await this.guard('subsonicFailuresPerIp', address);
      const match = apiKey === '' ? undefined : await this.appPasswords.findByPassword(apiKey);
      if (match === undefined) {
        await this.limiter.hit('subsonicFailuresPerIp', address);
        throw new SubsonicError(44, 'Invalid API key');
      }
      return this.signedIn(match);
    }
    if (!present(u)) throw new SubsonicError(10, 'Required parameter is missing: u (or apiKey)');
    if (!present(p) && !present(t)) {
      throw new SubsonicError(10, 'Required parameter is missing: p, or t and s');
    }
    if (!present(p) && !present(s)) throw new SubsonicError(10, 'Required parameter is missing: s');
    const user = await this.users.findByName(u);
    const account = user === undefined ? `name:${u.trim().toLowerCase()}` : `user:${user.user_id}`;
    await this.guard('subsonicFailuresPerIp', address);
    await this.guard('subsonicFailuresPerAccount', account);
    let match: AppPasswordMatch | undefined;
    if (user !== undefined) {
      match = present(p)
        ? await this.byPassword(user.user_id, plainPassword(p))
        : await this.byToken(user.user_id, t ?? '', s ?? '');
    }
    if (match === undefined) {
      await this.limiter.hit('subsonicFailuresPerIp', address);
      await this.limiter.hit('subsonicFailuresPerAccount', account);
      throw new SubsonicError(40, WRONG_CREDENTIALS);
    }
    await this.limiter.reset('subsonicFailuresPerAccount', account);
    return this.signedIn(match);
  }

  /** Over the limit: refused before any password is looked at. */
  private async guard(rule: keyof RateLimitConfig, subject: string): Promise<void> {
    try {
      await this.limiter.check(rule, subject);
    } catch (error) {
      if (error instanceof TooManyRequests) throw new SubsonicError(40, error.message);
      throw error;
    }
  }

  private async byPassword(userId: number, password: string) {
    const match = await this.appPasswords.findByPassword(password);
    return match?.user.user_id === userId ? match : undefined;
  }

  /** Every app password of the user is tried, without stopping at the first that matches. */
  private async byToken(userId: number, token: string, salt: string) {
    const wanted = token.toLowerCase();
    let found: AppPasswordMatch['appPassword'] | undefined;
    for (const { row, password } of await this.appPasswords.unsealedOf(userId)) {
      if (safeEqual(md5(password + salt), wanted) && found === undefined) found = row;
    }
    if (found === undefined) return undefined;
    const user = await this.users.findById(userId);
    return user && { appPassword: found, user };
  }

  /** A banned account is refused as the web app refuses it, once the password proved who. */
  private async signedIn({ appPassword, user }: AppPasswordMatch): Promise<Caller> {
    if (user.is_banned === 1) throw new SubsonicError(50, 'This account is banned');
    await this.appPasswords.markUsed(appPassword);
    // As for a web session: a bought role that ran out ends on this read.
    const current = await this.deps.services.expireRoleOnRead(user, nowIso());
    return loadCaller(this.deps.callers, current);
  }
}
