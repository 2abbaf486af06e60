import { expect } from 'vitest';
import { ScrobblingStatusSchema, type ScrobblingStatus } from '../../domain/scrobbling';
import type { TestClient } from '../helpers/client';
import { startFakeLastfm, type FakeLastfm } from '../helpers/fake-lastfm';
import { startFakeListenBrainz, type FakeListenBrainz } from '../helpers/fake-listenbrainz';
import { fileIdsOf } from '../helpers/playlists';
import { registerMember, type Member } from '../helpers/setup';
import { setUpSubsonic, type SubsonicSetup } from '../helpers/subsonic';

export interface ScrobblingSetup extends SubsonicSetup {
  lb: FakeListenBrainz;
  lastfm: FakeLastfm;
  /** Tracks of the fixture: Ola 8 s, Espuma 6 s (free), Piston 40 s (paid), Demo (hidden). */
  files: { ola: number; espuma: number; piston: number; demo: number };
  newMember(name: string): Promise<Member>;
}

/**
 * The fixture library on a listening app whose ListenBrainz and Last.fm are local fakes; the
 * worker's first retry waits 50 ms so retries show within a test.
 */
export async function setUpScrobbling(): Promise<ScrobblingSetup> {
  const lb = await startFakeListenBrainz();
  const lastfm = await startFakeLastfm();
  const s = await setUpSubsonic({
    env: {
      LISTENBRAINZ_API_URL: lb.url,
      LASTFM_API_URL: lastfm.apiUrl,
      LASTFM_AUTH_URL: lastfm.authUrl,
      LASTFM_API_KEY: lastfm.apiKey,
      LASTFM_API_SECRET: lastfm.secret,
      SCROBBLE_RETRY_MS: '50',
    },
  });
  const [ola, espuma] = (await fileIdsOf(s, s.fx.ids.free)).audio as [number, number];
  const [piston] = (await fileIdsOf(s, s.fx.ids.paid)).audio as [number];
  const [demo] = (await fileIdsOf(s, s.fx.ids.hidden)).audio as [number];
  return {
    ...s,
    lb,
    lastfm,
    files: { ola, espuma, piston, demo },
    newMember: (name) => registerMember(s.t, name),
    async close() {
      await s.close();
      await lb.close();
      await lastfm.close();
    },
  };
}

export async function statusOf(client: TestClient): Promise<ScrobblingStatus> {
  const response = await client.get('/api/user/scrobbling');
  expect(response.statusCode, response.body).toBe(200);
  return ScrobblingStatusSchema.parse(response.json());
}

/** Connects ListenBrainz with a token the fake knows for `lbUser`. */
export async function connectListenBrainz(
  s: ScrobblingSetup,
  client: TestClient,
  token: string,
  lbUser: string,
): Promise<void> {
  s.lb.addToken(token, lbUser);
  const response = await client.put('/api/user/scrobbling', { listenbrainzToken: token });
  expect(response.statusCode, response.body).toBe(200);
}

export async function reportListens(
  client: TestClient,
  listens: Array<{ fileId: number; listenedAt: string; playedMs: number }>,
): Promise<number> {
  const response = await client.post('/api/user/listens', { listens });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ queued: number }>().queued;
}

/** An ISO time `minutes` ago, on a whole second (what the services keep). */
export const minutesAgo = (minutes: number): string =>
  new Date(Math.floor((Date.now() - minutes * 60_000) / 1000) * 1000).toISOString();

export const secondsOf = (iso: string): number => Date.parse(iso) / 1000;
