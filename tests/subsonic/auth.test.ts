import { createHash } from 'node:crypto';
import SubsonicAPI from 'subsonic-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppPasswordListSchema } from '../../domain/app-password';
import {
  BadRequest,
  Conflict,
  Forbidden,
  NotFound,
  TooManyRequests,
  Unauthorized,
} from '../../server/errors';
import { SubsonicError } from '../../server/modules/subsonic/subsonic-call';
import { subsonicErrorOf } from '../../server/modules/subsonic/subsonic-errors';
import { perFile, registerMember, setUpApp, type AppSetup, type Member } from '../helpers/setup';
import { createAppPassword, subsonicClients, type SubsonicUser } from '../helpers/subsonic';

const SIGN_IN_PASSWORD = 'password-123';

interface AuthSetup extends AppSetup {
  url: string;
  member: Member;
  app: SubsonicUser;
}

async function listening(setup: AppSetup): Promise<string> {
  await setup.t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = setup.t.app.server.address();
  if (address === null || typeof address !== 'object') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

const s = perFile(async (): Promise<AuthSetup> => {
  const setup = await setUpApp();
  const url = await listening(setup);
  const member = await registerMember(setup.t, 'member');
  return {
    ...setup,
    url,
    member,
    app: subsonicClients(url, 'member', await createAppPassword(member)),
  };
});

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** The subsonic-response of a raw GET /rest/{call}?f=json&... */
type Params = Record<string, string>;

async function call(path: string, params: Params, init: RequestInit = {}) {
  const query = new URLSearchParams({ f: 'json', c: 'test', v: '1.16.1', ...params });
  const response = await fetch(`${s.url}/rest/${path}?${query.toString()}`, init);
  expect(response.status).toBe(200);
  return z
    .object({ 'subsonic-response': z.record(z.string(), z.unknown()) })
    .parse(await response.json())['subsonic-response'];
}

const failed = (code: number, message?: string | RegExp) => ({
  status: 'failed',
  error: message === undefined ? { code } : { code, message: expect.stringMatching(message) },
});
const OK = { status: 'ok' };

const tokenFor = (password: string, salt = 'salty1234') => ({ t: md5(password + salt), s: salt });

describe('apiKey authentication', () => {
  it('signs in with an app password as apiKey', async () => {
    expect(await call('ping', { apiKey: s.app.password })).toMatchObject(OK);
  });

  it('refuses a wrong or empty key (44), and the sign-in password as a key', async () => {
    for (const apiKey of ['wrong-key', '', SIGN_IN_PASSWORD, `${s.app.password}x`]) {
      expect(await call('ping', { apiKey }), apiKey).toMatchObject(failed(44, 'Invalid API key'));
    }
  });

  it('refuses apiKey together with u, p or t (43)', async () => {
    const apiKey = s.app.password;
    const extras: Params[] = [{ u: 'member' }, { p: apiKey }, { t: 'abc', s: 'def' }];
    for (const extra of extras) {
      expect(await call('ping', { apiKey, ...extra })).toMatchObject(failed(43));
    }
  });
});

describe('user name with the app password', () => {
  it('signs in by token (t = md5(password + s)), any case of name and hex', async () => {
    expect(await s.app.tokenApi.ping()).toMatchObject(OK);
    const { t, s: salt } = tokenFor(s.app.password);
    expect(await call('ping', { u: 'MEMBER', t: t.toUpperCase(), s: salt })).toMatchObject(OK);
  });

  it('signs in by password, plain or enc: hex', async () => {
    expect(await call('ping', { u: 'member', p: s.app.password })).toMatchObject(OK);
    const hex = Buffer.from(s.app.password).toString('hex');
    expect(await call('ping', { u: 'member', p: `enc:${hex}` })).toMatchObject(OK);
  });

  it('never accepts the sign-in password (40)', async () => {
    const hex = Buffer.from(SIGN_IN_PASSWORD).toString('hex');
    const attempts: Params[] = [
      { u: 'member', p: SIGN_IN_PASSWORD },
      { u: 'member', p: `enc:${hex}` },
      { u: 'member', ...tokenFor(SIGN_IN_PASSWORD) },
    ];
    for (const params of attempts) {
      expect(await call('ping', params)).toMatchObject(failed(40, 'Wrong username or password'));
    }
    const client = new SubsonicAPI({
      url: s.url,
      auth: { username: 'member', password: SIGN_IN_PASSWORD },
    });
    expect(await client.ping()).toMatchObject(failed(40));
  });

  it("refuses a wrong password, someone else's app password, an unknown name (40)", async () => {
    const other = await registerMember(s.t, 'other');
    const othersPassword = await createAppPassword(other);
    const attempts: Params[] = [
      { u: 'member', p: 'nope' },
      { u: 'member', p: 'enc:zz' },
      { u: 'member', p: othersPassword },
      { u: 'member', ...tokenFor(othersPassword) },
      { u: 'nobody', ...tokenFor(s.app.password) },
    ];
    for (const params of attempts) {
      expect(await call('ping', params)).toMatchObject(failed(40));
    }
    expect(await call('ping', { u: 'other', p: othersPassword })).toMatchObject(OK);
  });

  it('needs u, and p or t with s (10); no credentials at all is 10', async () => {
    expect(await call('ping', {})).toMatchObject(failed(10, /missing: u/));
    expect(await call('ping', { u: 'member' })).toMatchObject(failed(10, /missing: p/));
    expect(await call('ping', { u: 'member', t: 'abc' })).toMatchObject(failed(10, /missing: s/));
    expect(await call('ping', { p: s.app.password })).toMatchObject(failed(10));
  });
});

describe('cookies never sign a /rest call in', () => {
  it('ignores a signed-in browser session', async () => {
    const cookie = [...s.member.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    expect(await call('ping', {}, { headers: { cookie } })).toMatchObject(failed(10));
    expect(await call('getUser', { username: 'member' }, { headers: { cookie } })).toMatchObject(
      failed(10),
    );
  });

  it('takes form POSTs without the XSRF header (the parameters are the proof)', async () => {
    const response = await fetch(`${s.url}/rest/ping.view`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `f=json&apiKey=${s.app.password}`,
    });
    expect(await response.json()).toMatchObject({ 'subsonic-response': OK });
    expect(await s.app.postApi.getLicense()).toMatchObject({ ...OK, license: { valid: true } });
  });
});

describe('refused at once', () => {
  it('a banned user (50), and again allowed once unbanned', async () => {
    const banned = await registerMember(s.t, 'banned');
    const app = subsonicClients(s.url, 'banned', await createAppPassword(banned));
    expect((await s.admin.put(`/api/user/${banned.userId}/ban`)).statusCode).toBe(200);
    for (const api of [app.api, app.tokenApi, app.postApi]) {
      expect(await api.ping()).toMatchObject(failed(50, 'This account is banned'));
    }
    expect((await s.admin.put(`/api/user/${banned.userId}/unban`)).statusCode).toBe(200);
    expect(await app.api.ping()).toMatchObject(OK);
  });

  it('a banned address, in the envelope', async () => {
    const ip = '10.99.0.7';
    expect((await s.admin.put('/api/ban_ip', { ip })).statusCode).toBe(200);
    try {
      const response = await s.t.app.inject({
        url: `/rest/ping?f=json&apiKey=${s.app.password}`,
        remoteAddress: ip,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        'subsonic-response': failed(50, 'Your network address is banned'),
      });
      const xml = await s.t.app.inject({ url: '/rest/ping.view', remoteAddress: ip });
      expect(xml.body).toContain('<error code="50" message="Your network address is banned"/>');
    } finally {
      expect((await s.admin.delete(`/api/ban_ip/${ip}`)).statusCode).toBe(200);
    }
  });

  it('a deleted account (44 by key, 40 by name)', async () => {
    const leaving = await registerMember(s.t, 'leaving');
    const app = subsonicClients(s.url, 'leaving', await createAppPassword(leaving));
    expect(await app.api.ping()).toMatchObject(OK);
    expect((await s.admin.delete(`/api/user/${leaving.userId}`)).statusCode).toBe(200);
    expect(await app.api.ping()).toMatchObject(failed(44));
    expect(await app.tokenApi.ping()).toMatchObject(failed(40));
  });

  it('a revoked app password, while another of the same user still works', async () => {
    const second = await createAppPassword(s.member, 'second');
    const list = AppPasswordListSchema.parse((await s.member.get('/api/user/app_password')).json());
    const id = list.find((p) => p.name === 'second')?.appPasswordId;
    expect((await s.member.delete(`/api/user/app_password/${id}`)).statusCode).toBe(200);
    expect(await call('ping', { apiKey: second })).toMatchObject(failed(44));
    expect(await call('ping', { u: 'member', ...tokenFor(second) })).toMatchObject(failed(40));
    expect(await call('ping', { u: 'member', ...tokenFor(s.app.password) })).toMatchObject(OK);
  });
});

describe('last use', () => {
  it('is recorded on a successful sign-in, at most once a minute', async () => {
    const user = await registerMember(s.t, 'lastuse');
    const password = await createAppPassword(user, 'watch');
    const lastUsed = async () =>
      AppPasswordListSchema.parse((await user.get('/api/user/app_password')).json())[0]?.lastUsedAt;
    expect(await lastUsed()).toBeNull();
    await call('ping', { u: 'lastuse', p: 'wrong' });
    expect(await lastUsed()).toBeNull();
    await call('ping', { apiKey: password });
    const first = await lastUsed();
    expect(Date.now() - Date.parse(first ?? '')).toBeLessThan(10_000);
    await call('ping', { u: 'lastuse', ...tokenFor(password) });
    expect(await lastUsed()).toBe(first);
  });
});

describe('failed sign-ins are rate-limited', () => {
  let limited: AppSetup;
  let member: Member;
  let password: string;
  beforeAll(async () => {
    limited = await setUpApp({
      rateLimits: {
        subsonicFailuresPerIp: { max: 4, windowMs: 60_000 },
        subsonicFailuresPerAccount: { max: 2, windowMs: 60_000 },
      },
    });
    member = await registerMember(limited.t, 'limited');
    password = await createAppPassword(member);
  });
  afterAll(() => limited.close());

  const ping = async (remoteAddress: string, params: Record<string, string>) => {
    const query = new URLSearchParams({ f: 'json', ...params });
    const response = await limited.t.app.inject({
      url: `/rest/ping?${query.toString()}`,
      remoteAddress,
    });
    return response.json<{ 'subsonic-response': unknown }>()['subsonic-response'];
  };

  it('per account: after too many failures even the right password is refused (40)', async () => {
    expect(await ping('10.1.0.1', { u: 'limited', p: 'wrong-1' })).toMatchObject(
      failed(40, /^Wrong/),
    );
    expect(await ping('10.1.0.2', { u: 'limited', p: 'wrong-2' })).toMatchObject(
      failed(40, /^Wrong/),
    );
    expect(await ping('10.1.0.3', { u: 'LIMITED', ...tokenFor(password) })).toMatchObject(
      failed(40, /^Too many attempts/),
    );
    // The API key names no account: it is counted per address only.
    expect(await ping('10.1.0.3', { apiKey: password })).toMatchObject(OK);
  });

  it('per address: after too many failures nothing from there is checked (40)', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 4; i++) {
      expect(await ping(ip, { apiKey: `wrong-${i}` })).toMatchObject(failed(44));
    }
    expect(await ping(ip, { apiKey: password })).toMatchObject(failed(40, /^Too many attempts/));
    expect(await ping('10.2.0.2', { apiKey: password })).toMatchObject(OK);
  });

  it('counts only failures: an app calling all day is never limited', async () => {
    for (let i = 0; i < 10; i++)
      expect(await ping('10.3.0.1', { apiKey: password })).toMatchObject(OK);
  });
});

describe('errors thrown by the services /rest reuses', () => {
  it('map to the Subsonic codes by meaning, hiding anything unexpected', () => {
    const cases: Array<[unknown, number, string]> = [
      [new SubsonicError(70, 'Album not found'), 70, 'Album not found'],
      [new NotFound('File not found'), 70, 'File not found'],
      [
        new Forbidden('Buy this collection to download it'),
        50,
        'Buy this collection to download it',
      ],
      [new Unauthorized(), 40, 'Please login to access this page!'],
      [new BadRequest('title: too long'), 10, 'title: too long'],
      [new TooManyRequests(30), 0, 'Too many attempts, please try again in 1 minute'],
      [new Conflict('Already there'), 0, 'Already there'],
      [
        z.object({ id: z.number() }).safeParse({}).error,
        10,
        'id: Invalid input: expected number, received undefined',
      ],
      [new Error('SQLITE_BUSY: database is locked at /secret/path'), 0, 'Internal error'],
    ];
    for (const [error, code, message] of cases) {
      expect(subsonicErrorOf(error)).toMatchObject({ code, message });
    }
    expect(subsonicErrorOf(new Error('boom')).log).toBe(true);
    expect(subsonicErrorOf(new NotFound()).log).toBe(false);
  });
});
