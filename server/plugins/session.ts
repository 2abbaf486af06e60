import type { FastifyReply, FastifyRequest } from 'fastify';
import { nowIso } from '../db/database';
import type { UserRow } from '../db/tables';
import type { SessionsRepository } from '../modules/auth';
import { randomToken, sha256, TOKEN_PATTERN } from '../security/tokens';

export const SESSION_COOKIE = 'session';
const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/**
 * payments/expiry's expireRoleOnRead, bound by the composition root to its repository and the
 * settings: a bought role that ran out ends on the read that finds it.
 */
export type ExpireRoleOnRead = (user: UserRow, now: string) => Promise<UserRow>;

export interface AuthContext {
  user: UserRow;
  /** sha256 of the cookie value: the only form in which the token is stored. */
  tokenHash: string;
}

/**
 * Opaque random session tokens in an httpOnly cookie; the database holds only their hash,
 * so a leaked backup cannot be replayed as a login.
 */
export class Sessions {
  private readonly resolved = new WeakMap<FastifyRequest, Promise<AuthContext | null>>();
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly expireRoleOnRead: ExpireRoleOnRead,
    /** A session signed out: what holds it open elsewhere (the devices' channels) lets go. */
    private readonly onEnded: (tokenHash: string) => Promise<void> = () => Promise.resolve(),
  ) {}

  /** The signed-in user of this request, looked up once per request. */
  get(request: FastifyRequest): Promise<AuthContext | null> {
    let pending = this.resolved.get(request);
    if (pending === undefined) {
      pending = this.lookup(request);
      this.resolved.set(request, pending);
    }
    return pending;
  }

  /** Issues a fresh token (login, register); this browser's previous session row is dropped. */
  async start(request: FastifyRequest, reply: FastifyReply, user: UserRow): Promise<void> {
    const previous = this.cookieHash(request);
    if (previous !== null) await this.sessions.deleteSession(previous);
    const token = randomToken();
    const now = new Date();
    const context: AuthContext = { user, tokenHash: sha256(token) };
    await this.sessions.insertSession({
      token_hash: context.tokenHash,
      user_id: user.user_id,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_DAYS * DAY_MS).toISOString(),
      last_seen_at: now.toISOString(),
      ip: request.ip,
      user_agent: request.headers['user-agent']?.slice(0, 512) ?? null,
    });
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: request.protocol === 'https',
      maxAge: SESSION_DAYS * 24 * 60 * 60,
    });
    this.resolved.set(request, Promise.resolve(context));
  }

  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const hash = this.cookieHash(request);
    if (hash !== null) {
      await this.sessions.deleteSession(hash);
      await this.onEnded(hash);
    }
    reply.clearCookie(SESSION_COOKIE, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: request.protocol === 'https',
    });
    this.resolved.set(request, Promise.resolve(null));
  }

  private cookieHash(request: FastifyRequest): string | null {
    const token = request.cookies[SESSION_COOKIE];
    return token !== undefined && TOKEN_PATTERN.test(token) ? sha256(token) : null;
  }

  private async lookup(request: FastifyRequest): Promise<AuthContext | null> {
    const tokenHash = this.cookieHash(request);
    if (tokenHash === null) return null;
    const now = nowIso();
    const found = await this.sessions.findLiveSession(tokenHash, now);
    // A banned account is treated as signed out everywhere.
    if (found === undefined || found.user.is_banned === 1) return null;
    if (Date.now() - Date.parse(found.lastSeenAt) > TOUCH_EVERY_MS) {
      await this.sessions.touchSession(tokenHash, now);
    }
    // The one place every request loads its user: a bought role that ran out ends here.
    const user = await this.expireRoleOnRead(found.user, now);
    return { user, tokenHash };
  }
}
