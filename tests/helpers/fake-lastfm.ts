import { createHash, randomBytes } from 'node:crypto';
import { json, startFakeHttp, type FakeAnswer } from './fake-http';

export interface LastfmScrobble {
  user: string;
  artist: string;
  track: string;
  album?: string;
  timestamp: number;
  duration?: number;
  trackNumber?: number;
}

export interface FakeLastfm {
  /** LASTFM_API_URL (the 2.0 endpoint). */
  apiUrl: string;
  /** LASTFM_AUTH_URL (the page a user grants access on). */
  authUrl: string;
  apiKey: string;
  secret: string;
  scrobbles: LastfmScrobble[];
  nowPlaying: Array<{ user: string; artist: string; track: string }>;
  /** Who is signed in on the fake's auth page: the grant made there is theirs. */
  signInAs(user: string): void;
  /** The user revoked the application on last.fm: the session key answers error 9. */
  revokeSessions(user: string): void;
  /** The next `count` signed calls answer this Last.fm error code (11, 16, 29 ...). */
  failNext(code: number, count?: number): void;
  /** Error codes answered so far. */
  errors: number[];
  close(): Promise<void>;
}

const MESSAGES: Record<number, string> = {
  6: 'Invalid parameters',
  9: 'Invalid session key - Please re-authenticate',
  10: 'Invalid API key - You must be granted a valid key by last.fm',
  11: 'Service Offline - This service is temporarily offline. Try again later.',
  13: 'Invalid method signature supplied',
  14: 'Unauthorized Token - This token has not been authorized',
  16: 'There was a temporary error processing your request. Please try again',
  29: 'Rate limit exceeded - Your IP has made too many requests in a short period',
};
const STATUS: Record<number, number> = { 11: 503, 16: 503, 29: 429 };

/** md5(sorted name+value pairs, except format and callback, then the secret). */
const signatureOf = (params: URLSearchParams, secret: string): string =>
  createHash('md5')
    .update(
      [...params.entries()]
        .filter(([name]) => name !== 'format' && name !== 'callback' && name !== 'api_sig')
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, value]) => `${name}${value}`)
        .join('') + secret,
      'utf8',
    )
    .digest('hex');

/**
 * A local Last.fm speaking API 2.0 as https://www.last.fm/api describes it: the web-auth page
 * (GET /api/auth/?api_key&cb, which grants at once for the signed-in fake user and sends the
 * browser to cb with &token=), and signed form POSTs to /2.0/ for auth.getSession,
 * track.updateNowPlaying and track.scrobble (up to 50, array notation), answered in JSON with
 * Last.fm's error codes. A wrong api_sig is error 13, an unknown sk error 9.
 */
export async function startFakeLastfm(): Promise<FakeLastfm> {
  const apiKey = 'fake-lastfm-key-0123456789abcdef';
  const secret = 'fake-lastfm-secret-fedcba9876543210';
  const grants = new Map<string, string>(); // token -> user
  const sessions = new Map<string, string>(); // session key -> user
  const scrobbles: LastfmScrobble[] = [];
  const nowPlaying: FakeLastfm['nowPlaying'] = [];
  const errors: number[] = [];
  let failures: number[] = [];
  let signedIn = 'lastfm-listener';

  const fail = (code: number): FakeAnswer => {
    errors.push(code);
    return json(STATUS[code] ?? 403, { error: code, message: MESSAGES[code] ?? 'Error' });
  };

  const methods: Record<string, (params: URLSearchParams) => FakeAnswer> = {
    'auth.getSession': (params) => {
      const user = grants.get(params.get('token') ?? '');
      if (user === undefined) return fail(14);
      grants.delete(params.get('token') ?? '');
      const key = randomBytes(16).toString('hex');
      sessions.set(key, user);
      return json(200, { session: { name: user, key, subscriber: 0 } });
    },
    'track.updateNowPlaying': (params) => {
      const user = sessions.get(params.get('sk') ?? '');
      if (user === undefined) return fail(9);
      const artist = params.get('artist');
      const track = params.get('track');
      if (!artist || !track) return fail(6);
      nowPlaying.push({ user, artist, track });
      return json(200, { nowplaying: { artist: { '#text': artist }, track: { '#text': track } } });
    },
    'track.scrobble': (params) => {
      const user = sessions.get(params.get('sk') ?? '');
      if (user === undefined) return fail(9);
      const batch: LastfmScrobble[] = [];
      for (let i = 0; params.has(`artist[${i}]`) || params.has(`track[${i}]`); i++) {
        const artist = params.get(`artist[${i}]`);
        const track = params.get(`track[${i}]`);
        const timestamp = Number(params.get(`timestamp[${i}]`));
        if (!artist || !track || !Number.isInteger(timestamp)) return fail(6);
        const album = params.get(`album[${i}]`);
        const duration = params.get(`duration[${i}]`);
        const trackNumber = params.get(`trackNumber[${i}]`);
        batch.push({
          user,
          artist,
          track,
          timestamp,
          ...(album === null ? {} : { album }),
          ...(duration === null ? {} : { duration: Number(duration) }),
          ...(trackNumber === null ? {} : { trackNumber: Number(trackNumber) }),
        });
      }
      if (batch.length === 0 || batch.length > 50) return fail(6);
      scrobbles.push(...batch);
      return json(200, {
        scrobbles: { '@attr': { accepted: batch.length, ignored: 0 }, scrobble: batch },
      });
    },
  };

  const server = await startFakeHttp((request) => {
    const url = new URL(request.path, 'http://fake');
    if (request.method === 'GET' && url.pathname === '/api/auth/') {
      const cb = url.searchParams.get('cb');
      if (url.searchParams.get('api_key') !== apiKey || cb === null) {
        return { status: 400, body: 'Invalid API key or callback' };
      }
      const token = randomBytes(16).toString('hex');
      grants.set(token, signedIn);
      const back = new URL(cb);
      back.searchParams.set('token', token);
      return { status: 302, headers: { location: back.toString() } };
    }
    if (request.method !== 'POST' || url.pathname !== '/2.0/') return { status: 404 };
    const params = new URLSearchParams(request.body);
    if (params.get('format') !== 'json') return { status: 400, body: 'format=json expected' };
    if (params.get('api_key') !== apiKey) return fail(10);
    if (params.get('api_sig') !== signatureOf(params, secret)) return fail(13);
    const failure = failures.shift();
    if (failure !== undefined) return fail(failure);
    const method = methods[params.get('method') ?? ''];
    return method ? method(params) : fail(3);
  });

  return {
    apiUrl: `${server.url}/2.0/`,
    authUrl: `${server.url}/api/auth/`,
    apiKey,
    secret,
    scrobbles,
    nowPlaying,
    errors,
    signInAs(user) {
      signedIn = user;
    },
    revokeSessions(user) {
      for (const [key, owner] of sessions) if (owner === user) sessions.delete(key);
    },
    failNext(code, count = 1) {
      failures = [...failures, ...Array<number>(count).fill(code)];
    },
    close: () => server.close(),
  };
}
