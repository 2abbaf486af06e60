import { BadGateway } from '../../errors';
import {
  SERVICE_TIMEOUT_MS,
  unixSeconds,
  unreachable,
  type ListenToSend,
  type ScrobbleClient,
  type ScrobbleTrack,
  type SendOutcome,
} from './scrobble-client';

/** ListenBrainz takes up to 1000 listens in one import; smaller batches retry cheaper. */
const BATCH = 100;
/** Without X-RateLimit-Reset-In, wait this long after a 429. */
const DEFAULT_RESET_S = 10;

const trackMetadata = (track: ScrobbleTrack) => ({
  artist_name: track.artist,
  track_name: track.track,
  ...(track.release === null ? {} : { release_name: track.release }),
  additional_info: {
    ...(track.durationMs > 0 ? { duration_ms: Math.round(track.durationMs) } : {}),
    ...(track.trackNumber === null ? {} : { tracknumber: track.trackNumber }),
    media_player: 'Musicbox',
    submission_client: 'Musicbox',
  },
});

async function messageOf(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body.error === 'string') return body.error;
  } catch {
    // not JSON: the status says enough
  }
  return `HTTP ${response.status}`;
}

/**
 * The ListenBrainz API (https://listenbrainz.readthedocs.io/en/latest/users/api/core.html):
 * `Authorization: Token <user token>`, POST /1/submit-listens, GET /1/validate-token, 429 with
 * X-RateLimit-Reset-In (seconds). `baseUrl` is LISTENBRAINZ_API_URL.
 */
export class ListenBrainzClient implements ScrobbleClient {
  readonly service = 'listenbrainz' as const;
  readonly batchSize = BATCH;

  constructor(private readonly baseUrl: string) {}

  /** The user name the token belongs to, or null when ListenBrainz says it is not valid. */
  async validateToken(token: string): Promise<string | null> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}/1/validate-token`, {
        headers: { authorization: `Token ${token}` },
        signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS),
      });
    } catch {
      throw new BadGateway('ListenBrainz could not be reached; try again in a moment');
    }
    if (response.status === 401 || response.status === 400) return null;
    if (!response.ok) throw new BadGateway('ListenBrainz did not answer; try again in a moment');
    const body = (await response.json().catch(() => null)) as {
      valid?: unknown;
      user_name?: unknown;
    } | null;
    return body?.valid === true && typeof body.user_name === 'string' ? body.user_name : null;
  }

  submit(token: string, listens: readonly ListenToSend[]): Promise<SendOutcome> {
    return this.post(token, {
      // "single" is one listen just finished; several (offline plays, retries) are an import.
      listen_type: listens.length === 1 ? 'single' : 'import',
      payload: listens.map((listen) => ({
        listened_at: unixSeconds(listen.listenedAt),
        track_metadata: trackMetadata(listen.track),
      })),
    });
  }

  nowPlaying(token: string, track: ScrobbleTrack): Promise<SendOutcome> {
    return this.post(token, {
      listen_type: 'playing_now',
      payload: [{ track_metadata: trackMetadata(track) }],
    });
  }

  private async post(token: string, body: unknown): Promise<SendOutcome> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}/1/submit-listens`, {
        method: 'POST',
        headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS),
      });
    } catch (error) {
      return unreachable('ListenBrainz', error);
    }
    if (response.ok) {
      await response.body?.cancel();
      return { kind: 'sent' };
    }
    const message = await messageOf(response);
    if (response.status === 401) return { kind: 'broken', message };
    if (response.status === 429) {
      const reset = Number(response.headers.get('x-ratelimit-reset-in'));
      const seconds = Number.isFinite(reset) && reset > 0 ? reset : DEFAULT_RESET_S;
      return { kind: 'paused', untilMs: Date.now() + seconds * 1000, message };
    }
    if (response.status === 400) return { kind: 'rejected', message };
    return { kind: 'retry', message };
  }
}
