import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { SmtpSink } from '../helpers/smtp-sink';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { signInAdmin } from '../helpers/setup';

/** POST /api/user/confirm_email/resend: the unconfirmed-user banner's "resend" button. */
const sink = new SmtpSink();
let t: TestApp;

beforeAll(() => sink.start());
afterAll(() => sink.stop());
beforeEach(async () => {
  t = await createTestApp({
    env: { SMTP_URL: sink.url },
    rateLimits: {
      confirmResendPerUser: { max: 2, windowMs: 60_000 },
      confirmResendPerIp: { max: 3, windowMs: 60_000 },
    },
  });
});
afterEach(async () => {
  await t.close();
});

const RESEND = '/api/user/confirm_email/resend';
const LINK = /http:\/\/musicbox\.test\/user\/confirm_email\?code=([A-Za-z0-9_-]+)/;

async function newUser(name: string, remoteAddress = '127.0.0.1'): Promise<TestClient> {
  const client = new TestClient(t.app);
  client.remoteAddress = remoteAddress;
  expect((await client.register({ username: name })).statusCode).toBe(200);
  return client;
}

const mailsTo = (address: string) => sink.mails.filter((m) => m.to.includes(address));

describe('POST /api/user/confirm_email/resend', () => {
  it('sends a new mail whose link confirms the address', async () => {
    const client = await newUser('resender');
    await sink.waitForMail((m) => m.to.includes('resender@example.com'));
    const response = await client.post(RESEND);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    await expect.poll(() => mailsTo('resender@example.com').length).toBe(2);
    const code = LINK.exec(mailsTo('resender@example.com')[1]?.text ?? '')?.[1] ?? '';
    expect(code).not.toBe('');
    expect((await client.post('/api/user/confirm_email', { code })).statusCode).toBe(200);
    const me = (await client.get('/api/user')).json<{ user: { emailConfirmed: boolean } }>();
    expect(me.user.emailConfirmed).toBe(true);
  });

  it('refuses anonymous callers and sends nothing', async () => {
    const response = await new TestClient(t.app).post(RESEND);
    expect(response.statusCode).toBe(401);
    expect(response.json<{ error: string }>().error).toBeTruthy();
  });

  it('refuses a call without the anti-forgery header', async () => {
    const client = await newUser('noxsrf');
    const response = await client.post(RESEND, undefined, { noXsrf: true });
    expect(response.statusCode).toBe(403);
  });

  it('answers 409 to an account already confirmed (the admin) and sends nothing', async () => {
    const admin = await signInAdmin(t);
    const before = sink.mails.length;
    const response = await admin.post(RESEND);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ error: string }>().error).toMatch(/already confirmed/);
    expect(sink.mails.length).toBe(before);
  });

  it('limits each account: 429 with a message and a Retry-After', async () => {
    const client = await newUser('eager', '10.0.0.1');
    expect((await client.post(RESEND)).statusCode).toBe(200);
    expect((await client.post(RESEND)).statusCode).toBe(200);
    const refused = await client.post(RESEND);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ error: string }>().error).toMatch(/Too many attempts/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not held back by this one's count.
    const other = await newUser('patient', '10.0.0.2');
    expect((await other.post(RESEND)).statusCode).toBe(200);
  });

  it('limits each network address across accounts', async () => {
    const first = await newUser('first', '10.0.0.9');
    const second = await newUser('second', '10.0.0.9');
    expect((await first.post(RESEND)).statusCode).toBe(200);
    expect((await first.post(RESEND)).statusCode).toBe(200);
    expect((await second.post(RESEND)).statusCode).toBe(200);
    expect((await second.post(RESEND)).statusCode).toBe(429);
  });
});
