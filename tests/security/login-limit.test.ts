import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestClient } from '../helpers/client';
import { forgetRateLimits } from '../helpers/rate-limits';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';

// Counts real argon2 verifications: the limit is about how many password checks run.
const verifications = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../server/security/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../server/security/passwords')>();
  return {
    ...original,
    verifyPassword: (stored: string, password: string) => {
      verifications.count += 1;
      return original.verifyPassword(stored, password);
    },
  };
});

const LIMIT = 10;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    // Only the per-account rule is under test; the per-address one would hide it.
    rateLimits: {
      loginPerIp: { max: 10_000, windowMs: 60_000 },
      loginFailuresPerAccount: { max: LIMIT, windowMs: 15 * 60_000 },
    },
  });
  const alice = new TestClient(t.app);
  expect((await alice.register({ username: 'alice' })).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  // A fresh limiter per test: the app is rebuilt on the same database, whose shared windows
  // (PostgreSQL) are emptied first.
  await forgetRateLimits(t.db);
  t.app = await t.rebuild();
  verifications.count = 0;
});

describe('POST /api/login: per-account limit', () => {
  it('runs at most the limit of password checks for 64 parallel wrong attempts', async () => {
    const client = new TestClient(t.app);
    await client.get('/api/settings/public');
    const answers = await Promise.all(
      Array.from({ length: 64 }, (_, i) =>
        client.post(
          '/api/login',
          { username: ADMIN.username, password: `wrong-${i}` },
          { remoteAddress: `10.1.0.${i + 1}` },
        ),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(64 - LIMIT);
    expect(verifications.count).toBe(LIMIT);

    const right = await client.post('/api/login', ADMIN, { remoteAddress: '10.2.0.1' });
    expect(right.statusCode).toBe(429);
    expect(verifications.count).toBe(LIMIT);
  });

  it('counts the user name and the e-mail, in any case and with spaces, as one account', async () => {
    const client = new TestClient(t.app);
    const spellings = ['alice', 'ALICE', '  Alice  ', 'alice@example.com', 'Alice@Example.COM '];
    for (let i = 0; i < LIMIT; i += 1) {
      const username = spellings[i % spellings.length] ?? 'alice';
      const r = await client.post('/api/login', { username, password: 'wrong' });
      expect(r.statusCode).toBe(401);
    }
    const right = await client.post('/api/login', { username: 'alice', password: 'password-123' });
    expect(right.statusCode).toBe(429);
    const byMail = await client.post('/api/login', {
      username: 'ALICE@EXAMPLE.COM',
      password: 'password-123',
    });
    expect(byMail.statusCode).toBe(429);
  });

  it('limits an unknown name the same way, without telling it apart', async () => {
    const client = new TestClient(t.app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.post('/api/login', { username: 'Nobody', password: 'x' }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(LIMIT);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(20 - LIMIT);
  });

  it('a successful sign-in clears the count', async () => {
    const client = new TestClient(t.app);
    for (let i = 0; i < LIMIT - 1; i += 1) {
      await client.post('/api/login', { username: 'alice', password: 'wrong' });
    }
    await client.login('alice', 'password-123');
    for (let i = 0; i < LIMIT - 1; i += 1) {
      const r = await client.post('/api/login', { username: 'alice', password: 'wrong' });
      expect(r.statusCode).toBe(401);
    }
  });
});
