import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestClient } from '../helpers/client';
import { forgetRateLimits } from '../helpers/rate-limits';
import { createTestApp, type TestApp } from '../helpers/test-app';

const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../server/security/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../server/security/passwords')>();
  return {
    ...original,
    hashPassword: (password: string) => {
      hashes.count += 1;
      return original.hashPassword(password);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  // A fresh allowance per test: on PostgreSQL the windows outlive a rebuilt app.
  await forgetRateLimits(t.db);
  t.app = await t.rebuild();
  hashes.count = 0;
});

const bogus = (i: number) => ({ password: 'new-password-123', code: `made-up-code-${i}` });

describe('PUT /api/reset_password under a flood', () => {
  it('checks the code before hashing: a made-up code never costs a hash', async () => {
    const anon = new TestClient(t.app);
    for (let i = 0; i < 5; i += 1) {
      const response = await anon.put('/api/reset_password', bogus(i));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'This reset link is invalid or has expired' });
    }
    expect(hashes.count).toBe(0);
  });

  it('limits attempts per address with 429, and other addresses still get through', async () => {
    const anon = new TestClient(t.app);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => anon.put('/api/reset_password', bogus(i))),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    const limited = answers.find((a) => a.statusCode === 429);
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);

    const other = await anon.put('/api/reset_password', bogus(99), { remoteAddress: '10.9.9.9' });
    expect(other.statusCode).toBe(400);
  });

  it('still hashes the new password once for a real code', async () => {
    const anon = new TestClient(t.app);
    await anon.register({ username: 'erin', email: 'erin@example.com' });
    hashes.count = 0;
    // An administrator may ask for the code itself (noEmail), which spares a mail round trip.
    const admin = new TestClient(t.app);
    await admin.login('admin', 'admin-password-123');
    const asked = await admin.post('/api/reset_password', {
      email: 'erin@example.com',
      noEmail: true,
    });
    const code = asked.json<{ passwordResetRequestCode: string }>().passwordResetRequestCode;
    const reset = await anon.put('/api/reset_password', { password: 'brand-new-pass', code });
    expect(reset.statusCode).toBe(200);
    expect(hashes.count).toBe(1);
    await anon.login('erin', 'brand-new-pass');
  });
});
