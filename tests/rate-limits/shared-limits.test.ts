import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type OpenDatabase } from '../../server/db/database';
import type { RateLimitConfig } from '../../server/plugins/rate-limit';
import { TestClient } from '../helpers/client';
import { forgetRateLimits } from '../helpers/rate-limits';
import { createTestApp, type TestApp } from '../helpers/test-app';

const onPostgres = process.env.TEST_DB === 'postgres';
const MAX = 4;
const WINDOW = 1_500;
// Sign-in: only the per-address rule is under test (wrong passwords for names nobody has).
// Windows that must expire during a test limit made-up reset codes: a guess costs a lookup,
// not an argon2 hash, so a loaded machine still fits the attempts in one short window.
const limits = (windowMs = 60_000): Partial<RateLimitConfig> => ({
  loginPerIp: { max: MAX, windowMs: 60_000 },
  loginFailuresPerAccount: { max: 10_000, windowMs: 60_000 },
  resetSubmitPerIp: { max: MAX, windowMs },
});

let t: TestApp;
// A second connection pool to the same database: what another app server would open.
let second: OpenDatabase;
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  second = createDatabase(t.config);
  a = await t.rebuild({ rateLimits: limits() });
  b = await t.rebuild({ db: second.db, rateLimits: limits() });
});
afterAll(async () => {
  await t.close();
  await second.db.destroy();
});

/** A wrong sign-in from `ip` on `app`, answered 401 while allowed and 429 after. */
async function attempt(app: FastifyInstance, ip: string, i = 0) {
  return new TestClient(app).post(
    '/api/login',
    { username: `nobody-${i}`, password: 'wrong-password' },
    { remoteAddress: ip },
  );
}

/** A made-up reset code from `ip`: 400 while allowed, 429 after. */
async function guess(app: FastifyInstance, ip: string) {
  return new TestClient(app).put(
    '/api/reset_password',
    { password: 'new-password-123', code: 'made-up-code' },
    { remoteAddress: ip },
  );
}

// Sign-ins run argon2 and the windows wait for real time: generous on a loaded machine.
describe.runIf(onPostgres)(
  'rate limits shared by two app servers on one PostgreSQL',
  { timeout: 30_000 },
  () => {
    it('counts attempts on both servers against one allowance', async () => {
      await forgetRateLimits(t.db);
      const ip = '198.51.100.1';
      expect((await attempt(a, ip)).statusCode).toBe(401);
      expect((await attempt(a, ip)).statusCode).toBe(401);
      expect((await attempt(b, ip)).statusCode).toBe(401);
      expect((await attempt(b, ip)).statusCode).toBe(401);
      for (const app of [a, b]) {
        const limited = await attempt(app, ip);
        expect(limited.statusCode).toBe(429);
        expect(limited.json<{ error: string }>().error).toBe(
          'Too many attempts, please try again in 1 minute',
        );
        const retryAfter = Number(limited.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(60);
      }
      // Another address still has its own allowance.
      expect((await attempt(b, '198.51.100.2')).statusCode).toBe(401);
    });

    it('lets no more than the limit through 20 parallel attempts split over both', async () => {
      await forgetRateLimits(t.db);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => attempt(i % 2 === 0 ? a : b, '198.51.100.3', i)),
      );
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(MAX);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20 - MAX);
    });

    it('starts over on both servers once the window has passed', async () => {
      await forgetRateLimits(t.db);
      const shortA = await t.rebuild({ rateLimits: limits(WINDOW) });
      const shortB = await t.rebuild({ db: second.db, rateLimits: limits(WINDOW) });
      const ip = '198.51.100.4';
      const first = await Promise.all(
        Array.from({ length: MAX + 1 }, (_, i) => guess(i % 2 === 0 ? shortA : shortB, ip)),
      );
      expect(first.map((r) => r.statusCode).sort()).toEqual([400, 400, 400, 400, 429]);
      await new Promise((resolve) => setTimeout(resolve, WINDOW + 200));
      expect((await guess(shortB, ip)).statusCode).toBe(400);
      expect((await guess(shortA, ip)).statusCode).toBe(400);
    });

    it('a restarted server keeps the count (the database holds it, not the process)', async () => {
      await forgetRateLimits(t.db);
      const ip = '198.51.100.5';
      for (let i = 0; i < MAX; i += 1) expect((await attempt(a, ip)).statusCode).toBe(401);
      const restarted = await t.rebuild({ rateLimits: limits() });
      expect((await attempt(restarted, ip)).statusCode).toBe(429);
    });
  },
);

describe.runIf(!onPostgres)(
  'rate limits on SQLite: one process, counted in memory',
  { timeout: 30_000 },
  () => {
    it('counts per app, as before: nothing is written to the windows table', async () => {
      const ip = '198.51.100.6';
      for (let i = 0; i < MAX; i += 1) expect((await attempt(a, ip)).statusCode).toBe(401);
      expect((await attempt(a, ip)).statusCode).toBe(429);
      // b is a second app in this process with a limiter of its own.
      expect((await attempt(b, ip)).statusCode).toBe(401);
      expect(await t.db.selectFrom('rate_limit_windows').selectAll().execute()).toEqual([]);
    });

    it('lets no more than the limit through 20 parallel attempts', async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => attempt(a, '198.51.100.7', i)),
      );
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(MAX);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20 - MAX);
    });

    it('starts over once the window has passed', async () => {
      const short = await t.rebuild({ rateLimits: limits(WINDOW) });
      const ip = '198.51.100.8';
      const first = await Promise.all(Array.from({ length: MAX + 1 }, () => guess(short, ip)));
      expect(first.map((r) => r.statusCode).sort()).toEqual([400, 400, 400, 400, 429]);
      await new Promise((resolve) => setTimeout(resolve, WINDOW + 200));
      expect((await guess(short, ip)).statusCode).toBe(400);
    });
  },
);
