import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { SmtpSink } from '../helpers/smtp-sink';
import { createTestApp, type TestApp } from '../helpers/test-app';

const sink = new SmtpSink();
let t: TestApp;

beforeAll(() => sink.start());
afterAll(() => sink.stop());
beforeEach(async () => {
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
});
afterEach(async () => {
  await t.close();
});

describe('POST /api/contact', () => {
  it('stores the message and mails it to the administrators, replying to the sender', async () => {
    const response = await new TestClient(t.app).post('/api/contact', {
      name: 'Frank',
      email: 'frank@example.com',
      body: 'I cannot log in',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const rows = await t.db.selectFrom('contact_messages').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Frank',
      email: 'frank@example.com',
      body: 'I cannot log in',
    });
    const mail = await sink.waitForMail((m) => m.to.includes('admin@localhost'));
    expect(mail.text).toContain('I cannot log in');
    expect(mail.text).toMatch(/^Reply-To: frank@example\.com/im);
  });

  it('refuses an empty body and stores nothing', async () => {
    const response = await new TestClient(t.app).post('/api/contact', {
      name: 'Frank',
      email: 'frank@example.com',
      body: '   ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'body: body is required' });
    expect(await t.db.selectFrom('contact_messages').selectAll().execute()).toHaveLength(0);
  });

  it('answers 429 after too many messages from one address', async () => {
    const app = await t.rebuild({ rateLimits: { contactPerIp: { max: 1, windowMs: 3_600_000 } } });
    const client = new TestClient(app);
    const message = { name: 'G', email: 'g@example.com', body: 'hi' };
    expect((await client.post('/api/contact', message)).statusCode).toBe(200);
    expect((await client.post('/api/contact', message)).statusCode).toBe(429);
  });
});
