import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { lastfmSignature } from '../../server/modules/scrobbling/lastfm-client';
import type { TestClient } from '../helpers/client';
import { perFile, type Member } from '../helpers/setup';
import {
  connectListenBrainz,
  minutesAgo,
  reportListens,
  secondsOf,
  setUpScrobbling,
  statusOf,
  type ScrobblingSetup,
} from './scrobbling-setup';

const s = perFile(setUpScrobbling);

/** Where the connect call sends the browser. */
async function authorizeUrl(client: TestClient): Promise<URL> {
  const response = await client.get('/api/user/scrobbling/lastfm/connect');
  expect(response.statusCode, response.body).toBe(302);
  return new URL(String(response.headers.location));
}

/** The whole web-auth round: our connect, Last.fm's grant page, our callback. */
async function connectLastfm(setup: ScrobblingSetup, client: Member, lastfmUser: string) {
  setup.lastfm.signInAs(lastfmUser);
  const granted = await fetch(await authorizeUrl(client), { redirect: 'manual' });
  expect(granted.status).toBe(302);
  const back = new URL(String(granted.headers.get('location')));
  return client.get(`${back.pathname}${back.search}`);
}

describe('GET /api/user/scrobbling/lastfm/connect', () => {
  it('sends the browser to the Last.fm grant page with the key and a callback here', async () => {
    const member = await s.newMember('lfstart');
    const url = await authorizeUrl(member);
    expect(`${url.origin}${url.pathname}`).toBe(s.lastfm.authUrl);
    expect(url.searchParams.get('api_key')).toBe(s.lastfm.apiKey);
    const cb = new URL(url.searchParams.get('cb') ?? '');
    expect(`${cb.origin}${cb.pathname}`).toBe(
      'http://musicbox.test/api/user/scrobbling/lastfm/callback',
    );
    expect(cb.searchParams.get('state')).toMatch(/^\d+\.[0-9a-f]{64}$/);
  });

  it('connects the account Last.fm granted, and the account page names it', async () => {
    const member = await s.newMember('lfgrant');
    const done = await connectLastfm(s, member, 'lf-grant');
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe(`/user/${member.userId}?lastfm=connected`);
    expect((await statusOf(member)).lastfm).toEqual({
      connected: true,
      userName: 'lf-grant',
      broken: false,
      pending: 0,
      available: true,
    });
  });

  it("refuses a callback started by someone else's connect, connecting nothing", async () => {
    const starter = await s.newMember('lfstarter');
    const victim = await s.newMember('lfvictim');
    s.lastfm.signInAs('lf-attacker');
    const granted = await fetch(await authorizeUrl(starter), { redirect: 'manual' });
    const back = new URL(String(granted.headers.get('location')));
    const answer = await victim.get(`${back.pathname}${back.search}`);
    expect(answer.headers.location).toBe(`/user/${victim.userId}?lastfm=failed`);
    expect((await statusOf(victim)).lastfm.connected).toBe(false);
    const tampered = await victim.get(
      '/api/user/scrobbling/lastfm/callback?token=abc&state=99999999999999.00',
    );
    expect(tampered.headers.location).toBe(`/user/${victim.userId}?lastfm=failed`);
  });
});

describe('Last.fm submissions', () => {
  it('scrobbles tracks over 30 s played long enough, signed, with their own times', async () => {
    // The administrator plays the paid 40 s Piston in full (half of it: 20 s and a little); Ola
    // (8 s) is too short for Last.fm.
    await connectLastfm(s, s.admin as Member, 'lf-admin');
    await connectListenBrainz(s, s.admin, 'tok-admin', 'lb-admin');
    const at = minutesAgo(20);
    const queued = await reportListens(s.admin, [
      { fileId: s.files.piston, listenedAt: at, playedMs: 21_000 },
      { fileId: s.files.ola, listenedAt: minutesAgo(19), playedMs: 8000 },
      { fileId: s.files.piston, listenedAt: minutesAgo(18), playedMs: 19_000 },
    ]);
    // Piston for both services, Ola for ListenBrainz only; 19 s of 40 s is no listen.
    expect(queued).toBe(3);
    await expect
      .poll(() => s.lastfm.scrobbles.filter((x) => x.user === 'lf-admin'))
      .toEqual([
        {
          user: 'lf-admin',
          artist: 'Björk Test',
          track: 'Piston',
          album: 'Night Works',
          timestamp: secondsOf(at),
          duration: 40,
          trackNumber: 1,
        },
      ]);
    await expect.poll(() => s.lb.listensOf('lb-admin').length).toBe(2);
    expect(s.lastfm.errors).not.toContain(13);
  });

  it('sends now playing to Last.fm', async () => {
    const member = await s.newMember('lfnow');
    await connectLastfm(s, member, 'lf-now');
    expect((await member.post('/api/user/now-playing', { fileId: s.files.ola })).statusCode).toBe(
      200,
    );
    await expect
      .poll(() => s.lastfm.nowPlaying.filter((x) => x.user === 'lf-now'))
      .toEqual([{ user: 'lf-now', artist: 'Ana Ruiz', track: 'Ola' }]);
  });

  it('retries after error 16 and marks the session broken after error 9', async () => {
    const admin = s.admin as Member;
    s.lastfm.failNext(16);
    const at = minutesAgo(12);
    await reportListens(admin, [{ fileId: s.files.piston, listenedAt: at, playedMs: 40_000 }]);
    await expect
      .poll(() => s.lastfm.scrobbles.filter((x) => x.timestamp === secondsOf(at)).length)
      .toBe(1);
    expect(s.lastfm.errors).toContain(16);

    s.lastfm.revokeSessions('lf-admin');
    await reportListens(admin, [
      { fileId: s.files.piston, listenedAt: minutesAgo(11), playedMs: 40_000 },
    ]);
    await expect.poll(async () => (await statusOf(admin)).lastfm.broken).toBe(true);
    const status = await statusOf(admin);
    expect(status.lastfm.pending).toBe(1);
    // ListenBrainz goes on: the other service is not affected.
    expect(status.listenbrainz.broken).toBe(false);
    await expect.poll(async () => (await statusOf(admin)).listenbrainz.pending).toBe(0);
  });

  it('PUT {lastfm: null} disconnects', async () => {
    const member = await s.newMember('lfleave');
    await connectLastfm(s, member, 'lf-leave');
    const response = await member.put('/api/user/scrobbling', { lastfm: null });
    expect(response.statusCode, response.body).toBe(200);
    expect((await statusOf(member)).lastfm.connected).toBe(false);
  });
});

describe('Last.fm settings', () => {
  it('signs calls as the Last.fm API asks: sorted name+value pairs, format left out', () => {
    const params = { token: 'yyy', method: 'auth.getSession', api_key: 'xxx', format: 'json' };
    expect(lastfmSignature(params, 'zzz')).toBe(
      createHash('md5').update('api_keyxxxmethodauth.getSessiontokenyyyzzz').digest('hex'),
    );
  });

  it('offers Last.fm only with both the key and the secret, and checks the addresses', () => {
    const base = { DATA_DIR: '/tmp/x' };
    expect(loadConfig({ ...base, LASTFM_API_KEY: 'k' }).scrobbling.lastfm).toBeNull();
    expect(loadConfig(base).scrobbling).toMatchObject({
      listenbrainzUrl: 'https://api.listenbrainz.org',
      lastfmUrl: 'https://ws.audioscrobbler.com/2.0/',
      lastfmAuthUrl: 'https://www.last.fm/api/auth/',
    });
    expect(() => loadConfig({ ...base, LISTENBRAINZ_API_URL: 'ftp://x' })).toThrow(
      /LISTENBRAINZ_API_URL/,
    );
    expect(() => loadConfig({ ...base, SCROBBLE_RETRY_MS: 'soon' })).toThrow(/SCROBBLE_RETRY_MS/);
  });
});
