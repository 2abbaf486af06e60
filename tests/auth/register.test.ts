import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { SmtpSink } from '../helpers/smtp-sink';
import type { TestApp } from '../helpers/test-app';
import { setUpApp } from '../helpers/setup';

const sink = new SmtpSink();
let t: TestApp;
let admin: TestClient;

beforeAll(() => sink.start());
afterAll(() => sink.stop());
beforeEach(async () => {
  ({ t, admin } = await setUpApp({ env: { SMTP_URL: sink.url } }));
});
afterEach(async () => {
  await t.close();
});

const setRegistrations = async (mode: string): Promise<void> => {
  const r = await admin.post('/api/settings', { registrations: mode });
  expect(r.statusCode).toBe(200);
};

interface Pair {
  user: {
    userId: number;
    userName: string;
    emailConfirmed: boolean;
    emailMarketing: boolean;
    likedPlaylist: number;
    remainingDownloads: number | null;
    remainingRequests: number | null;
    remainingInvites: number;
    userEmail?: string;
  };
  role: { roleName: string };
}

describe('POST /api/register', () => {
  it('creates the account with the default role, signs it in and it can log in again', async () => {
    const client = new TestClient(t.app);
    const response = await client.register({ username: 'alice', name: 'Alice A' });
    expect(response.statusCode).toBe(200);
    const { user, role } = response.json<Pair>();
    expect(user.userName).toBe('alice');
    expect(user.emailConfirmed).toBe(false);
    expect(role.roleName).toBe('Member');
    expect(user.remainingDownloads).toBe(50);
    expect(user.remainingRequests).toBe(5);
    expect(user.remainingInvites).toBe(0);
    expect(response.cookies.find((c) => c.name === 'session')?.httpOnly).toBe(true);
    expect((await client.get('/api/user')).json<Pair>().user.userName).toBe('alice');

    const playlist = await t.db
      .selectFrom('playlists')
      .selectAll()
      .where('playlist_id', '=', user.likedPlaylist)
      .executeTakeFirstOrThrow();
    expect(playlist.user_id).toBe(user.userId);
    expect(playlist.title).toBe('Liked');

    await client.get('/api/logout');
    expect(
      (await client.post('/api/login', { username: 'alice', password: 'password-123' })).statusCode,
    ).toBe(200);
  });

  it('stores the marketing choice', async () => {
    const client = new TestClient(t.app);
    const { user } = (
      await client.register({ username: 'market', emailMarketing: true })
    ).json<Pair>();
    const seen = (await admin.get(`/api/user/${user.userId}`)).json<Pair>();
    expect(seen.user.emailMarketing).toBe(true);
  });

  it('rotates the session when someone already signed in registers', async () => {
    const before = admin.cookies.get('session');
    const response = await admin.register({ username: 'second' });
    expect(response.statusCode).toBe(200);
    expect(admin.cookies.get('session')).not.toBe(before);
  });

  it('sends a confirmation mail whose link confirms the e-mail', async () => {
    const client = new TestClient(t.app);
    await client.register({ username: 'bobby', email: 'bobby@example.com' });
    const mail = await sink.waitForMail((m) => m.to.includes('bobby@example.com'));
    const match = /http:\/\/musicbox\.test\/user\/confirm_email\?code=([A-Za-z0-9_-]+)/.exec(
      mail.text,
    );
    expect(match).not.toBeNull();
    const code = match?.[1] ?? '';

    // The link works without a session too (opened in another browser).
    const anonymous = new TestClient(t.app);
    const confirmed = await anonymous.post('/api/user/confirm_email', { code });
    expect(confirmed.statusCode).toBe(200);
    expect((await client.get('/api/user')).json<Pair>().user.emailConfirmed).toBe(true);
    // Used once: the code is gone.
    expect((await anonymous.post('/api/user/confirm_email', { code })).statusCode).toBe(400);
    // The confirmed account's own browser opening the link again (a reload) is told it worked.
    expect((await client.post('/api/user/confirm_email', { code })).statusCode).toBe(200);
  });

  it('refuses a taken user name or e-mail, in any case, with 409', async () => {
    const client = new TestClient(t.app);
    const name = await client.register({ username: 'ADMIN', email: 'other@example.com' });
    expect(name.statusCode).toBe(409);
    expect(name.json<{ error: string }>().error).toMatch(/username/i);
    const email = await client.register({ username: 'carol', email: 'Admin@Localhost' });
    expect(email.statusCode).toBe(409);
    expect(email.json<{ error: string }>().error).toMatch(/e-mail/i);
  });

  it('refuses bad input with a message naming the field', async () => {
    const client = new TestClient(t.app);
    const short = await client.register({ username: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ error: 'username: username must be longer than 3 characters' });
    const noEmail = await client.post('/api/register', {
      username: 'dave1',
      password: 'password-123',
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json<{ error: string }>().error).toMatch(/^email: /);
    const wrongType = await client.register({ username: 'dave2', emailMarketing: 'yes' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json<{ error: string }>().error).toMatch(/^emailMarketing: /);
    expect(await t.db.selectFrom('users').select('user_id').execute()).toHaveLength(1);
  });

  it('refuses registration while registrations are closed, and that name cannot log in', async () => {
    await setRegistrations('closed');
    const client = new TestClient(t.app);
    const response = await client.register({ username: 'closed1' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'Registrations are currently closed' });
    expect(
      (await client.post('/api/login', { username: 'closed1', password: 'password-123' }))
        .statusCode,
    ).toBe(401);
    const settings = (await client.get('/api/settings/public')).json<{ registrations: string }>();
    expect(settings.registrations).toBe('closed');
  });

  it('requires a valid unused invite code when registrations are invite only', async () => {
    await setRegistrations('inviteOnly');
    await t.db
      .insertInto('invites')
      .values({
        code: 'INVITE-123',
        created_by: null,
        created_at: new Date().toISOString(),
        used_by: null,
      })
      .execute();
    const client = new TestClient(t.app);
    for (const invite of [undefined, '', 'XXXX']) {
      const refused = await client.register({ username: 'invited', invite });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'A valid invite code is required' });
    }
    const ok = await client.register({ username: 'invited', invite: 'INVITE-123' });
    expect(ok.statusCode).toBe(200);
    const row = await t.db.selectFrom('invites').selectAll().executeTakeFirstOrThrow();
    expect(row.used_by).toBe(ok.json<Pair>().user.userId);
    const reuse = await new TestClient(t.app).register({
      username: 'invited2',
      invite: 'INVITE-123',
    });
    expect(reuse.statusCode).toBe(403);
  });

  it('refuses a second account from the same address when that is switched off', async () => {
    await admin.post('/api/settings', { multipleAccountsFromSameIp: false });
    const first = new TestClient(t.app);
    first.remoteAddress = '10.1.1.1';
    expect((await first.register({ username: 'first' })).statusCode).toBe(200);
    const second = new TestClient(t.app);
    second.remoteAddress = '10.1.1.1';
    expect((await second.register({ username: 'second' })).statusCode).toBe(403);
    const other = new TestClient(t.app);
    other.remoteAddress = '10.1.1.2';
    expect((await other.register({ username: 'third' })).statusCode).toBe(200);
  });

  it('answers 429 after too many registrations from one address', async () => {
    const app = await t.rebuild({ rateLimits: { registerPerIp: { max: 2, windowMs: 3_600_000 } } });
    for (const name of ['rate1', 'rate2']) {
      expect((await new TestClient(app).register({ username: name })).statusCode).toBe(200);
    }
    const limited = await new TestClient(app).register({ username: 'rate3' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('still registers when the mail cannot be delivered', async () => {
    const broken = await t.rebuild({
      config: { ...t.config, smtpUrl: 'smtp://127.0.0.1:1' },
    });
    const response = await new TestClient(broken).register({ username: 'nomail' });
    expect(response.statusCode).toBe(200);
  });
});

describe('POST /api/user/confirm_email', () => {
  it('refuses an unknown code', async () => {
    const response = await new TestClient(t.app).post('/api/user/confirm_email', { code: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toBeTruthy();
  });

  it('refuses a missing code', async () => {
    const response = await new TestClient(t.app).post('/api/user/confirm_email', {});
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/^code: /);
  });
});
