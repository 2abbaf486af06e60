import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { forgetRateLimits } from '../helpers/rate-limits';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const carol = new TestClient(t.app);
  expect((await carol.register({ username: 'carol', email: 'carol@example.com' })).statusCode).toBe(
    200,
  );
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  // A fresh allowance per test: on PostgreSQL the windows outlive a rebuilt app.
  await forgetRateLimits(t.db);
  t.app = await t.rebuild();
});

const TAKEN = 'An account with this e-mail address already exists';

const register = (
  client: TestClient,
  fields: { username: string; email: string; password?: string },
  remoteAddress?: string,
) =>
  client.post(
    '/api/register',
    { password: 'password-123', name: '', emailMarketing: false, ...fields },
    remoteAddress === undefined ? {} : { remoteAddress },
  );

describe('POST /api/register: probing which addresses have accounts', () => {
  it('answers an address at most 5 times an hour, whatever its spelling or the caller address', async () => {
    const client = new TestClient(t.app);
    const spellings = ['carol@example.com', 'CAROL@example.com', ' Carol@Example.com '];
    const answers = [];
    for (let i = 0; i < 8; i += 1) {
      answers.push(
        await register(
          client,
          { username: `probe${i}`, email: spellings[i % spellings.length] ?? '' },
          `10.5.0.${i + 1}`,
        ),
      );
    }
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.slice(0, 5)).toEqual([409, 409, 409, 409, 409]);
    expect(answers[0]?.json()).toEqual({ error: TAKEN });
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    for (const limited of answers.slice(5)) expect(limited.body).not.toContain(TAKEN);
  });

  it('answers one caller address at most 20 attempts an hour, over any addresses', async () => {
    const client = new TestClient(t.app);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        register(client, { username: `probe${i}`, email: `someone${i}@example.com`, password: '' }),
      ),
    );
    // Invalid bodies are refused before counting; valid probes are what the limit is for.
    expect(answers.every((a) => a.statusCode === 400)).toBe(true);
    const probes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        register(client, {
          username: `taken${i}`,
          email: i === 0 ? 'carol@example.com' : `x${i}@example.com`,
        }),
      ),
    );
    const statuses = probes.map((p) => p.statusCode);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(20);
  });

  it('does not count one address against another', async () => {
    const client = new TestClient(t.app);
    for (let i = 0; i < 5; i += 1) {
      await register(
        client,
        { username: `dup${i}`, email: 'carol@example.com' },
        `10.6.0.${i + 1}`,
      );
    }
    const fresh = await register(
      client,
      { username: 'dave', email: 'dave@example.com' },
      '10.6.1.1',
    );
    expect(fresh.statusCode).toBe(200);
  });
});
