import { createHash } from 'node:crypto';
import { BadGateway, BadRequest } from '../../errors';
import {
  SERVICE_TIMEOUT_MS,
  unixSeconds,
  unreachable,
  type ListenToSend,
  type ScrobbleClient,
  type ScrobbleTrack,
  type SendOutcome,
} from './scrobble-client';

/** track.scrobble takes at most 50 listens per request. */
const BATCH = 50;

/**
 * api_sig (https://www.last.fm/api/authspec): every parameter but `format` and `callback`,
 * sorted by name, each name followed by its value, then the shared secret; md5, hex.
 */
export function lastfmSignature(params: Record<string, string>, secret: string): string {
  const text = Object.keys(params)
    .filter((name) => name !== 'format' && name !== 'callback')
    .sort()
    .map((name) => `${name}${params[name]}`)
    .join('');
  return createHash('md5').update(`${text}${secret}`, 'utf8').digest('hex');
}

/** What a Last.fm error code asks of us (https://www.last.fm/api/errorcodes). */
function outcomeOf(code: number, message: string, retryMs: number): SendOutcome {
  switch (code) {
    case 9: // Invalid session key: the user revoked access.
    case 4: // Authentication failed.
      return { kind: 'broken', message };
    case 29: // Rate limit exceeded.
      return { kind: 'paused', untilMs: Date.now() + retryMs, message };
    case 6: // Invalid parameters.
    case 13: // Invalid method signature.
      return { kind: 'rejected', message };
    default: // 11 and 16 (service offline, temporary error), 10/26 (the server's API key).
      return { kind: 'retry', message };
  }
}

const trackParams = (track: ScrobbleTrack, suffix = ''): Record<string, string> => ({
  [`artist${suffix}`]: track.artist,
  [`track${suffix}`]: track.track,
  ...(track.release === null ? {} : { [`album${suffix}`]: track.release }),
  ...(track.durationMs > 0
    ? { [`duration${suffix}`]: String(Math.round(track.durationMs / 1000)) }
    : {}),
  ...(track.trackNumber === null ? {} : { [`trackNumber${suffix}`]: String(track.trackNumber) }),
});

type LastfmAnswer =
  { ok: true; body: Record<string, unknown> } | { ok: false; outcome: SendOutcome };

/**
 * The Last.fm API 2.0 (https://www.last.fm/api): signed POSTs to LASTFM_API_URL with this
 * server's API key, answers in JSON (`format=json`), errors as `{ error, message }`.
 */
export class LastfmClient implements ScrobbleClient {
  readonly service = 'lastfm' as const;
  readonly batchSize = BATCH;

  constructor(
    private readonly apiUrl: string,
    private readonly key: { apiKey: string; secret: string },
    private readonly retryMs: number,
  ) {}

  /** auth.getSession: the web-auth token the user granted, for a session key and user name. */
  async getSession(token: string): Promise<{ name: string; key: string }> {
    const answer = await this.call('auth.getSession', { token });
    if (!answer.ok) {
      if (answer.outcome.kind === 'retry') {
        throw new BadGateway('Last.fm could not be reached; try again in a moment');
      }
      const reason = 'message' in answer.outcome ? answer.outcome.message : 'no reason given';
      throw new BadRequest(`Last.fm did not grant access: ${reason}`);
    }
    const session = answer.body.session as { name?: unknown; key?: unknown } | undefined;
    if (typeof session?.name !== 'string' || typeof session.key !== 'string') {
      throw new BadGateway('Last.fm answered without a session');
    }
    return { name: session.name, key: session.key };
  }

  async submit(sessionKey: string, listens: readonly ListenToSend[]): Promise<SendOutcome> {
    const params: Record<string, string> = { sk: sessionKey };
    listens.forEach((listen, i) => {
      Object.assign(params, trackParams(listen.track, `[${i}]`), {
        [`timestamp[${i}]`]: String(unixSeconds(listen.listenedAt)),
      });
    });
    const answer = await this.call('track.scrobble', params);
    return answer.ok ? { kind: 'sent' } : answer.outcome;
  }

  async nowPlaying(sessionKey: string, track: ScrobbleTrack): Promise<SendOutcome> {
    const answer = await this.call('track.updateNowPlaying', {
      sk: sessionKey,
      ...trackParams(track),
    });
    return answer.ok ? { kind: 'sent' } : answer.outcome;
  }

  private async call(method: string, extra: Record<string, string>): Promise<LastfmAnswer> {
    const params: Record<string, string> = { ...extra, method, api_key: this.key.apiKey };
    params.api_sig = lastfmSignature(params, this.key.secret);
    params.format = 'json';
    let response: Response;
    try {
      response = await fetch(this.apiUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS),
      });
    } catch (error) {
      return { ok: false, outcome: unreachable('Last.fm', error) };
    }
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (body !== null && typeof body.error === 'number') {
      const message = typeof body.message === 'string' ? body.message : `error ${body.error}`;
      return { ok: false, outcome: outcomeOf(body.error, message, this.retryMs) };
    }
    if (!response.ok || body === null) {
      return {
        ok: false,
        outcome: { kind: 'retry', message: `Last.fm answered HTTP ${response.status}` },
      };
    }
    return { ok: true, body };
  }
}
