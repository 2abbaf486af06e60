import SubsonicAPI from 'subsonic-api';
import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import {
  memberWithRole,
  perFile,
  registerMember,
  setUpApp,
  type AppSetup,
  type Member,
} from '../helpers/setup';
import { createAppPassword, subsonicClients, type SubsonicUser } from '../helpers/subsonic';

interface SystemSetup extends AppSetup {
  url: string;
  member: Member;
  app: SubsonicUser;
  adminApp: SubsonicUser;
}

/** No library needed: an app listening on a port, a member and the administrator signed in. */
async function setUp(): Promise<SystemSetup> {
  const setup = await setUpApp();
  await setup.t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = setup.t.app.server.address();
  if (address === null || typeof address !== 'object') throw new Error('not listening');
  const url = `http://127.0.0.1:${address.port}`;
  const member = await registerMember(setup.t, 'member');
  return {
    ...setup,
    url,
    member,
    app: subsonicClients(url, 'member', await createAppPassword(member)),
    adminApp: subsonicClients(url, 'admin', await createAppPassword(setup.admin)),
  };
}

const s = perFile(setUp);

const raw = (path: string, init?: RequestInit) => fetch(`${s.url}${path}`, init);
const jsonOf = async (response: Response) =>
  ((await response.json()) as { 'subsonic-response': Record<string, unknown> })[
    'subsonic-response'
  ];

const OPEN_SUBSONIC = {
  version: '1.16.1',
  type: 'musicbox',
  serverVersion: packageJson.version,
  openSubsonic: true,
};

describe('ping', () => {
  it('answers ok by API key, by token, and by form POST', async () => {
    for (const api of [s.app.api, s.app.tokenApi, s.app.postApi]) {
      expect(await api.ping()).toEqual({ status: 'ok', ...OPEN_SUBSONIC });
    }
  });

  it('answers XML by default and with f=xml, at /rest/ping and /rest/ping.view', async () => {
    for (const path of ['/rest/ping', '/rest/ping.view', '/rest/ping.view?f=xml']) {
      const sep = path.includes('?') ? '&' : '?';
      const response = await raw(`${path}${sep}apiKey=${s.app.password}&c=test&v=1.16.1`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/xml; charset=utf-8');
      expect(await response.text()).toBe(
        '<?xml version="1.0" encoding="UTF-8"?><subsonic-response xmlns="http://subsonic.org/restapi" ' +
          `status="ok" version="1.16.1" type="musicbox" serverVersion="${packageJson.version}" openSubsonic="true"/>`,
      );
    }
  });

  it('answers JSONP with f=jsonp and a callback', async () => {
    const response = await raw(`/rest/ping.view?f=jsonp&callback=onPing&apiKey=${s.app.password}`);
    expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    const body = await response.text();
    expect(body).toMatch(/^onPing\(.*\);$/);
    expect(JSON.parse(body.slice('onPing('.length, -2))).toEqual({
      'subsonic-response': { status: 'ok', ...OPEN_SUBSONIC },
    });
  });

  it('takes parameters from a form body, merged with the query string', async () => {
    const response = await raw('/rest/ping?f=json', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ apiKey: s.app.password, c: 'test' }).toString(),
    });
    expect(await jsonOf(response)).toMatchObject({ status: 'ok' });
  });

  it('may be called from any web page (no cookie counts here), preflight included', async () => {
    const preflight = await raw('/rest/ping.view', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://player.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST');
    const response = await raw(`/rest/ping?f=json&apiKey=${s.app.password}`, {
      headers: { origin: 'https://player.example' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('is not cached and sets no cookie', async () => {
    const response = await raw(`/rest/ping?f=json&apiKey=${s.app.password}`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});

describe('getLicense', () => {
  it('is always valid', async () => {
    expect((await s.app.api.getLicense()).license).toEqual({ valid: true });
    expect((await s.app.tokenApi.getLicense()).license).toEqual({ valid: true });
  });
});

describe('getOpenSubsonicExtensions', () => {
  const expected = [
    { name: 'apiKeyAuthentication', versions: [1] },
    { name: 'formPost', versions: [1] },
    { name: 'getPodcastEpisode', versions: [1] },
    { name: 'songLyrics', versions: [1] },
    { name: 'transcodeOffset', versions: [1] },
  ];

  it('lists the extensions, to anyone, even without credentials', async () => {
    expect((await s.app.api.getOpenSubsonicExtensions()).openSubsonicExtensions).toEqual(expected);
    const anonymous = await jsonOf(await raw('/rest/getOpenSubsonicExtensions.view?f=json'));
    expect(anonymous).toEqual({ status: 'ok', ...OPEN_SUBSONIC, openSubsonicExtensions: expected });
    const wrong = new SubsonicAPI({ url: s.url, auth: { apiKey: 'not-a-key' } });
    expect((await wrong.getOpenSubsonicExtensions()).status).toBe('ok');
  });

  it('writes each extension as an element in XML', async () => {
    const xml = await (await raw('/rest/getOpenSubsonicExtensions')).text();
    expect(xml).toContain(
      '<openSubsonicExtensions name="apiKeyAuthentication"><versions>1</versions></openSubsonicExtensions>',
    );
  });
});

describe('tokenInfo', () => {
  it("names the API key's user", async () => {
    expect(await s.app.api.customJSON('tokenInfo', {})).toMatchObject({
      status: 'ok',
      tokenInfo: { username: 'member' },
    });
    expect(await s.adminApp.api.customJSON('tokenInfo.view', {})).toMatchObject({
      tokenInfo: { username: 'admin' },
    });
  });
});

describe('an unknown call', () => {
  it('answers HTTP 404 with an envelope error 0, before any credentials are looked at', async () => {
    for (const path of [
      '/rest/noSuchCall.view',
      '/rest/toString',
      '/rest/a/b',
      '/rest/hasOwnProperty',
      '/rest',
      '/rest/',
    ]) {
      const response = await raw(`${path}?f=json`);
      expect(response.status, path).toBe(404);
      expect(await jsonOf(response)).toEqual({
        status: 'failed',
        ...OPEN_SUBSONIC,
        error: { code: 0, message: 'Unknown call' },
      });
    }
    const xml = await raw('/rest/nope');
    expect(xml.status).toBe(404);
    expect(await xml.text()).toContain('<error code="0" message="Unknown call"/>');
  });
});

describe('getUser', () => {
  it("answers one's own account with the role mapped to Subsonic's flags", async () => {
    const { user } = await s.app.api.getUser({ username: 'member' });
    expect(user).toEqual({
      username: 'member',
      email: 'member@example.com',
      scrobblingEnabled: true,
      adminRole: false,
      settingsRole: false,
      downloadRole: true,
      uploadRole: false,
      playlistRole: true,
      coverArtRole: true,
      commentRole: false,
      podcastRole: false,
      streamRole: true,
      jukeboxRole: false,
      shareRole: false,
      videoConversionRole: false,
      folder: [1],
    });
  });

  it('follows the role: browse right, downloads left, uploads', async () => {
    const vip = await memberWithRole(s.t, { vip: 1, can_upload: 1, download_limit: 3 });
    const vipApp = subsonicClients(s.url, vip.userName, await createAppPassword(vip));
    expect((await vipApp.tokenApi.getUser({ username: vip.userName })).user).toMatchObject({
      downloadRole: true,
      uploadRole: true,
      streamRole: true,
      adminRole: false,
    });
    const usedUp = await memberWithRole(s.t, { vip: 1 }, { remainingDownloads: 0 });
    const usedUpApp = subsonicClients(s.url, usedUp.userName, await createAppPassword(usedUp));
    expect((await usedUpApp.api.getUser({ username: usedUp.userName })).user).toMatchObject({
      downloadRole: false,
    });
    const noBrowse = await memberWithRole(s.t, { enable_browse: 0, vip: 1 });
    const noBrowseApp = subsonicClients(
      s.url,
      noBrowse.userName,
      await createAppPassword(noBrowse),
    );
    expect((await noBrowseApp.api.getUser({ username: noBrowse.userName })).user).toMatchObject({
      streamRole: false,
      coverArtRole: false,
      downloadRole: false,
      playlistRole: true,
    });
  });

  it('has no download role while the service is streaming-only, unless the role is VIP', async () => {
    const set = (streamingOnly: boolean) => s.admin.post('/api/settings', { streamingOnly });
    expect((await set(true)).statusCode).toBe(200);
    try {
      expect((await s.app.api.getUser({ username: 'member' })).user.downloadRole).toBe(false);
      const vip = await memberWithRole(s.t, { vip: 1 });
      const vipApp = subsonicClients(s.url, vip.userName, await createAppPassword(vip));
      expect((await vipApp.api.getUser({ username: vip.userName })).user.downloadRole).toBe(true);
    } finally {
      expect((await set(false)).statusCode).toBe(200);
    }
  });

  it('lets an administrator see anyone, in XML too', async () => {
    const { user } = await s.adminApp.api.getUser({ username: 'MEMBER' });
    expect(user).toMatchObject({ username: 'member', adminRole: false, streamRole: true });
    expect((await s.adminApp.api.getUser({ username: 'admin' })).user).toMatchObject({
      adminRole: true,
      streamRole: true,
      coverArtRole: true,
    });
    const xml = await (
      await raw(`/rest/getUser.view?username=member&apiKey=${s.adminApp.password}`)
    ).text();
    expect(xml).toMatch(
      /<user username="member" email="member@example.com" scrobblingEnabled="true" adminRole="false"[^>]*><folder>1<\/folder><\/user>/,
    );
  });

  it("refuses someone else's account to a member (50), and an unknown name to an admin (70)", async () => {
    expect(await s.app.api.getUser({ username: 'admin' })).toMatchObject({
      status: 'failed',
      error: { code: 50 },
    });
    // A member learns nothing about which names exist.
    expect(await s.app.api.getUser({ username: 'nobody-here' })).toMatchObject({
      error: { code: 50 },
    });
    expect(await s.adminApp.api.getUser({ username: 'nobody-here' })).toMatchObject({
      status: 'failed',
      error: { code: 70, message: 'User not found' },
    });
  });

  it('needs a username (10)', async () => {
    expect(await s.app.api.customJSON('getUser', {})).toMatchObject({
      status: 'failed',
      error: { code: 10, message: 'Required parameter is missing: username' },
    });
  });
});

describe('getUsers', () => {
  it('lists every user to an administrator', async () => {
    const { users } = await s.adminApp.tokenApi.getUsers();
    const names = (users.user ?? []).map((u) => u.username);
    expect(names).toEqual(expect.arrayContaining(['admin', 'member']));
    expect(names).toEqual(
      [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(users.user?.find((u) => u.username === 'admin')).toMatchObject({ adminRole: true });
  });

  it('refuses a member (50)', async () => {
    expect(await s.app.api.getUsers()).toMatchObject({ status: 'failed', error: { code: 50 } });
  });
});
