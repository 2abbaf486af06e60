import { json, startFakeHttp, type FakeAnswer, type FakeRequest } from './fake-http';

/** A listen as ListenBrainz's submit-listens payload carries it. */
export interface LbListen {
  listened_at?: number;
  track_metadata: {
    artist_name: string;
    track_name: string;
    release_name?: string;
    additional_info?: Record<string, unknown>;
  };
}

export interface LbSubmission {
  user: string;
  listenType: 'single' | 'import' | 'playing_now';
  payload: LbListen[];
}

export interface FakeListenBrainz {
  /** Base URL for LISTENBRAINZ_API_URL. */
  url: string;
  /** Every accepted submission, in order. */
  submissions: LbSubmission[];
  /** The listens (not now-playing) a user's token submitted, in order. */
  listensOf(user: string): LbListen[];
  nowPlayingOf(user: string): LbListen[];
  /** A token ListenBrainz knows, for this user name. */
  addToken(token: string, user: string): void;
  /** The user revoked the token (a reset on listenbrainz.org): 401 from now on. */
  revokeToken(token: string): void;
  /** The next `count` submissions answer this status (500, 503 ...) and are not stored. */
  failNext(status: number, count?: number): void;
  /** The next submission is refused with 429 and X-RateLimit-Reset-In: `seconds`. */
  rateLimitNext(seconds: number): void;
  /** Requests refused so far with each status. */
  refused: Map<number, number>;
  close(): Promise<void>;
}

const tokenOf = (request: FakeRequest): string | undefined =>
  /^Token (\S+)$/i.exec(String(request.headers.authorization ?? ''))?.[1];

const error = (status: number, message: string, headers: Record<string, string> = {}) => ({
  ...json(status, { code: status, error: message }),
  headers: { 'content-type': 'application/json', ...headers },
});

const nonEmpty = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/** The checks https://listenbrainz.readthedocs.io/en/latest/users/json.html describes. */
function invalidPayload(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return 'Invalid JSON document submitted.';
  const { listen_type: type, payload } = body as { listen_type?: unknown; payload?: unknown };
  if (type !== 'single' && type !== 'import' && type !== 'playing_now') {
    return 'JSON document requires a valid listen_type key.';
  }
  if (!Array.isArray(payload) || payload.length === 0)
    return 'JSON document does not contain any listens.';
  if (type !== 'import' && payload.length !== 1) {
    return `JSON document should contain exactly one listen for ${type}.`;
  }
  if (payload.length > 1000) return 'Too many listens.';
  for (const listen of payload as LbListen[]) {
    const meta = listen.track_metadata as Partial<LbListen['track_metadata']> | undefined;
    if (!meta || !nonEmpty(meta.artist_name) || !nonEmpty(meta.track_name)) {
      return 'JSON document does not contain required fields artist_name and track_name.';
    }
    if (type === 'playing_now' && listen.listened_at !== undefined) {
      return 'JSON document should not contain listened_at field for playing_now.';
    }
    if (type !== 'playing_now' && !Number.isInteger(listen.listened_at)) {
      return 'JSON document must contain listened_at as a whole number of seconds.';
    }
  }
  return null;
}

/**
 * A local ListenBrainz speaking its API: `Authorization: Token`, POST /1/submit-listens with
 * its payload rules, GET /1/validate-token, 401 for an unknown token, 429 with the
 * X-RateLimit-* headers. /__fake/* lets an end-to-end test add a token and read what arrived.
 */
export async function startFakeListenBrainz(): Promise<FakeListenBrainz> {
  const tokens = new Map<string, string>();
  const submissions: LbSubmission[] = [];
  const refused = new Map<number, number>();
  let failures: number[] = [];
  let rateLimit: number | null = null;
  const refuse = (answer: FakeAnswer): FakeAnswer => {
    refused.set(answer.status, (refused.get(answer.status) ?? 0) + 1);
    return answer;
  };
  const listensOf = (user: string) =>
    submissions
      .filter((s) => s.user === user && s.listenType !== 'playing_now')
      .flatMap((s) => s.payload);

  const server = await startFakeHttp((request) => {
    const url = new URL(request.path, 'http://fake');
    const rate = {
      'x-ratelimit-limit': '30',
      'x-ratelimit-remaining': '29',
      'x-ratelimit-reset-in': '10',
    };
    // Test controls for end-to-end runs, where the fake lives in another process.
    if (request.method === 'GET' && url.pathname === '/__fake/listens') {
      return json(200, listensOf(url.searchParams.get('user') ?? ''));
    }
    if (request.method === 'GET' && url.pathname === '/__fake/playing-now') {
      const user = url.searchParams.get('user') ?? '';
      return json(
        200,
        submissions.filter((s) => s.user === user && s.listenType === 'playing_now'),
      );
    }
    if (request.method === 'POST' && url.pathname === '/__fake/token') {
      const { token, user } = JSON.parse(request.body) as { token: string; user: string };
      tokens.set(token, user);
      return json(200, { ok: true });
    }
    if (request.method === 'GET' && url.pathname === '/1/validate-token') {
      const user = tokens.get(tokenOf(request) ?? '');
      return json(
        200,
        user === undefined
          ? { code: 200, message: 'Token invalid.', valid: false }
          : { code: 200, message: 'Token valid.', valid: true, user_name: user },
      );
    }
    if (request.method === 'POST' && url.pathname === '/1/submit-listens') {
      const user = tokens.get(tokenOf(request) ?? '');
      if (user === undefined) return refuse(error(401, 'Invalid authorization token.'));
      if (rateLimit !== null) {
        const seconds = rateLimit;
        rateLimit = null;
        return refuse(
          error(429, 'You have exceeded your rate limit.', {
            ...rate,
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset-in': String(seconds),
          }),
        );
      }
      const failure = failures.shift();
      if (failure !== undefined) return refuse(error(failure, 'Something went wrong.'));
      let body: unknown;
      try {
        body = JSON.parse(request.body);
      } catch {
        return refuse(error(400, 'Cannot parse JSON document.'));
      }
      const invalid = invalidPayload(body);
      if (invalid !== null) return refuse(error(400, invalid));
      const { listen_type: listenType, payload } = body as Omit<
        LbSubmission,
        'user' | 'listenType'
      > & {
        listen_type: LbSubmission['listenType'];
      };
      submissions.push({ user, listenType, payload });
      return {
        ...json(200, { status: 'ok' }),
        headers: { 'content-type': 'application/json', ...rate },
      };
    }
    return error(404, 'Not found');
  });

  return {
    url: server.url,
    submissions,
    refused,
    listensOf,
    nowPlayingOf: (user) =>
      submissions
        .filter((s) => s.user === user && s.listenType === 'playing_now')
        .flatMap((s) => s.payload),
    addToken: (token, user) => tokens.set(token, user),
    revokeToken: (token) => tokens.delete(token),
    failNext(status, count = 1) {
      failures = [...failures, ...Array<number>(count).fill(status)];
    },
    rateLimitNext(seconds) {
      rateLimit = seconds;
    },
    close: () => server.close(),
  };
}
