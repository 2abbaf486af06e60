import { timingSafeEqual } from 'node:crypto';
import type {
  PutScrobbling,
  ScrobbleAccount,
  ScrobbleService,
  ScrobblingStatus,
} from '../../../domain/scrobbling';
import type { Caller } from '../../access/caller';
import type { ScrobblingConfig } from '../../config';
import { BadRequest, NotFound } from '../../errors';
import type { SecretBox } from '../../security/secret-box';
import type { LastfmClient } from './lastfm-client';
import type { ListenBrainzClient } from './listenbrainz-client';
import type { ScrobbleAccountRow, ScrobblingRepository } from './scrobbling.repository';

/** How long a Last.fm grant may take (the user signs in there first). */
const STATE_TTL_MS = 30 * 60_000;
export const LASTFM_CALLBACK_PATH = '/api/user/scrobbling/lastfm/callback';

const accountOf = (row: ScrobbleAccountRow | undefined, pending: number): ScrobbleAccount => ({
  connected: row !== undefined,
  userName: row?.service_user ?? null,
  broken: row?.broken_at != null,
  pending,
});

/**
 * Connecting and disconnecting ListenBrainz and Last.fm on the account page. Tokens and session
 * keys are sealed before they are stored and never leave the server again.
 */
export class ScrobblingService {
  constructor(
    private readonly repo: ScrobblingRepository,
    private readonly box: SecretBox,
    private readonly listenbrainz: ListenBrainzClient,
    private readonly lastfm: LastfmClient | null,
    private readonly config: ScrobblingConfig,
    private readonly publicUrl: string,
    /** An account (re)connected: listens it held back may go now. */
    private readonly wake: () => void,
  ) {}

  async status(caller: Caller): Promise<ScrobblingStatus> {
    const [accounts, pending] = await Promise.all([
      this.repo.accountsOf(caller.userId),
      this.repo.pendingOf(caller.userId),
    ]);
    const of = (service: ScrobbleService) =>
      accountOf(
        accounts.find((a) => a.service === service),
        pending.get(service) ?? 0,
      );
    return {
      listenbrainz: of('listenbrainz'),
      lastfm: { ...of('lastfm'), available: this.lastfm !== null },
    };
  }

  async update(caller: Caller, body: PutScrobbling): Promise<ScrobblingStatus> {
    if (body.listenbrainzToken === null) {
      await this.repo.deleteAccount(caller.userId, 'listenbrainz');
    } else if (body.listenbrainzToken !== undefined) {
      const userName = await this.listenbrainz.validateToken(body.listenbrainzToken);
      if (userName === null) {
        throw new BadRequest(
          'ListenBrainz did not accept this token: copy it again from your settings there',
        );
      }
      await this.save(caller.userId, 'listenbrainz', body.listenbrainzToken, userName);
    }
    if (body.lastfm === null) await this.repo.deleteAccount(caller.userId, 'lastfm');
    return this.status(caller);
  }

  /** Where the browser goes to grant Last.fm access; it comes back to the callback. */
  lastfmAuthorizeUrl(caller: Caller): string {
    const key = this.requireLastfmKey();
    const callback = new URL(LASTFM_CALLBACK_PATH, `${this.publicUrl}/`);
    callback.searchParams.set('state', this.stateFor(caller.userId, Date.now() + STATE_TTL_MS));
    const url = new URL(this.config.lastfmAuthUrl);
    url.searchParams.set('api_key', key.apiKey);
    url.searchParams.set('cb', callback.toString());
    return url.toString();
  }

  /** Exchanges the granted token for a session key, for the user who started the grant. */
  async lastfmCallback(caller: Caller, token: string | undefined, state: string | undefined) {
    this.requireLastfmKey();
    if (!token || !state || !this.stateMatches(caller.userId, state)) {
      throw new BadRequest('This Last.fm answer does not belong to this sign-in; connect again');
    }
    const session = await (this.lastfm as LastfmClient).getSession(token);
    await this.save(caller.userId, 'lastfm', session.key, session.name);
  }

  private async save(userId: number, service: ScrobbleService, secret: string, name: string) {
    await this.repo.saveAccount({
      user_id: userId,
      service,
      secret: this.box.seal(secret),
      service_user: name,
      connected_at: new Date().toISOString(),
      broken_at: null,
    });
    this.wake();
  }

  private requireLastfmKey(): { apiKey: string; secret: string } {
    if (this.lastfm === null || this.config.lastfm === null) {
      throw new NotFound('Last.fm is not set up on this server');
    }
    return this.config.lastfm;
  }

  /** `<expiry ms>.<HMAC of user and expiry>`: binds a grant to the user and a time. */
  private stateFor(userId: number, expires: number): string {
    return `${expires}.${this.box.lookup(`lastfm-connect:${userId}:${expires}`)}`;
  }

  private stateMatches(userId: number, state: string): boolean {
    const [rawExpires = '', mac = ''] = state.split('.');
    const expires = Number(rawExpires);
    if (!/^\d{1,15}$/.test(rawExpires) || expires < Date.now()) return false;
    const expected = Buffer.from(this.stateFor(userId, expires));
    const given = Buffer.from(state);
    return mac !== '' && expected.length === given.length && timingSafeEqual(expected, given);
  }
}
