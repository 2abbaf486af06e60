import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ResetCodeSchema } from '../../domain/auth';
import { TestClient } from '../helpers/client';
import { signInAdmin } from '../helpers/setup';
import { SmtpSink } from '../helpers/smtp-sink';
import { createTestApp, type TestApp } from '../helpers/test-app';

const sink = new SmtpSink();
let t: TestApp;

beforeAll(() => sink.start());
afterAll(() => sink.stop());
beforeEach(async () => {
  sink.mails.length = 0;
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
});
afterEach(async () => {
  await t.close();
});

const resetLink = /http:\/\/musicbox\.test\/login\?resetToken=([A-Za-z0-9_-]+)/;

async function registerErin(): Promise<TestClient> {
  const client = new TestClient(t.app);
  expect((await client.register({ username: 'erin', email: 'erin@example.com' })).statusCode).toBe(
    200,
  );
  return client;
}

describe('POST /api/reset_password', () => {
  it('mails a reset link whose code sets a new password once', async () => {
    const erin = await registerErin();
    const anon = new TestClient(t.app);
    const asked = await anon.post('/api/reset_password', { email: 'ERIN@example.com' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ ok: true });
    const mail = await sink.waitForMail(
      (m) => m.to.includes('erin@example.com') && resetLink.test(m.text),
    );
    const code = resetLink.exec(mail.text)?.[1] ?? '';

    const stored = await t.db.selectFrom('password_resets').select('code_hash').execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(code);

    const reset = await anon.put('/api/reset_password', { password: 'brand-new-pass', code });
    expect(reset.statusCode).toBe(200);
    // Every session of the account ends with the reset.
    expect((await erin.get('/api/user')).statusCode).toBe(401);
    expect(
      (await anon.post('/api/login', { username: 'erin', password: 'password-123' })).statusCode,
    ).toBe(401);
    expect(
      (await anon.post('/api/login', { username: 'erin', password: 'brand-new-pass' })).statusCode,
    ).toBe(200);

    const again = await anon.put('/api/reset_password', { password: 'third-pass', code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'This reset link is invalid or has expired' });
  });

  it('answers ok for an unknown e-mail and sends nothing', async () => {
    const response = await new TestClient(t.app).post('/api/reset_password', {
      email: 'ghost@example.com',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    await new Promise((r) => setTimeout(r, 200));
    expect(sink.mails.filter((m) => m.to.includes('ghost@example.com'))).toHaveLength(0);
    expect(await t.db.selectFrom('password_resets').selectAll().execute()).toHaveLength(0);
  });

  it('answers the code and its expiry to an administrator asking with noEmail', async () => {
    const erin = await registerErin();
    const admin = await signInAdmin(t);
    const response = await admin.post('/api/reset_password', {
      email: 'erin@example.com',
      noEmail: true,
    });
    expect(response.statusCode).toBe(200);
    const body = ResetCodeSchema.parse(response.json());
    expect(body.passwordResetRequestCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(body.passwordResetRequestExpires)).toBeGreaterThan(Date.now());
    const reset = await new TestClient(t.app).put('/api/reset_password', {
      password: 'admin-made-pass',
      code: body.passwordResetRequestCode,
    });
    expect(reset.statusCode).toBe(200);
    await erin.login('erin', 'admin-made-pass');
  });

  it('names an unknown or missing address to an administrator asking with noEmail', async () => {
    const admin = await signInAdmin(t);
    const unknown = await admin.post('/api/reset_password', {
      email: 'nobody@example.com',
      noEmail: true,
    });
    expect(unknown.statusCode).toBe(400);
    expect((await admin.post('/api/reset_password', { noEmail: true })).statusCode).toBe(400);
  });

  it('never answers a code to a non-administrator asking with noEmail', async () => {
    const erin = await registerErin();
    const response = await erin.post('/api/reset_password', {
      email: 'erin@example.com',
      noEmail: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('refuses a malformed e-mail', async () => {
    const response = await new TestClient(t.app).post('/api/reset_password', {
      email: 'not-an-email',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/^email: /);
  });

  it('limits requests per e-mail address', async () => {
    const app = await t.rebuild({ rateLimits: { resetPerEmail: { max: 2, windowMs: 3_600_000 } } });
    const client = new TestClient(app);
    for (let i = 0; i < 2; i++) {
      expect(
        (await client.post('/api/reset_password', { email: 'x@example.com' })).statusCode,
      ).toBe(200);
    }
    const limited = await client.post('/api/reset_password', { email: 'x@example.com' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ error: string }>().error).toMatch(/^Too many attempts/);
  });

  it('limits requests per address', async () => {
    const app = await t.rebuild({ rateLimits: { resetPerIp: { max: 2, windowMs: 900_000 } } });
    const client = new TestClient(app);
    await client.post('/api/reset_password', { email: 'a@example.com' });
    await client.post('/api/reset_password', { email: 'b@example.com' });
    expect((await client.post('/api/reset_password', { email: 'c@example.com' })).statusCode).toBe(
      429,
    );
  });
});

describe('PUT /api/reset_password', () => {
  it('refuses an unknown code', async () => {
    const response = await new TestClient(t.app).put('/api/reset_password', {
      password: 'a-long-password-1',
      code: 'nope',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'This reset link is invalid or has expired' });
  });

  it('refuses an expired code', async () => {
    await registerErin();
    const admin = await signInAdmin(t);
    const { passwordResetRequestCode: code } = (
      await admin.post('/api/reset_password', { email: 'erin@example.com', noEmail: true })
    ).json<{ passwordResetRequestCode: string }>();
    await t.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .execute();
    const response = await admin.put('/api/reset_password', { password: 'new-pass', code });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a missing password', async () => {
    const response = await new TestClient(t.app).put('/api/reset_password', { code: 'abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/^password: /);
  });
});
