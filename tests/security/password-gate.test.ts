import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkGate } from '../../server/security/work-gate';
import { TestClient } from '../helpers/client';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';

describe('WorkGate', () => {
  it('runs at most `size` tasks at once and refuses with 503 beyond the queue', async () => {
    const gate = new WorkGate(2, 3);
    let running = 0;
    let peak = 0;
    const releases: Array<() => void> = [];
    const task = () =>
      new Promise<void>((resolve) => {
        running += 1;
        peak = Math.max(peak, running);
        releases.push(() => {
          running -= 1;
          resolve();
        });
      });
    const accepted = Array.from({ length: 5 }, () => gate.run(task));
    await expect(gate.run(task)).rejects.toMatchObject({ statusCode: 503 });
    expect(gate.active).toBe(2);
    expect(gate.queued).toBe(3);
    while (releases.length > 0 || running > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(accepted);
    expect(peak).toBe(2);
    expect(gate.active).toBe(0);
  });

  it('frees the slot when a task fails', async () => {
    const gate = new WorkGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(() => Promise.resolve(7))).resolves.toBe(7);
  });
});

describe('argon2 work under a sign-in flood', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 to what does not fit the queue, and a real sign-in works afterwards', async () => {
    const client = new TestClient(t.app);
    await client.get('/api/settings/public');
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        client.post(
          '/api/login',
          { username: `nobody-${i}`, password: 'x' },
          { remoteAddress: `10.3.${Math.floor(i / 200)}.${(i % 200) + 1}` },
        ),
      ),
    );
    const statuses = new Set(answers.map((a) => a.statusCode));
    expect([...statuses].sort()).toEqual([401, 503]);
    const busy = answers.find((a) => a.statusCode === 503);
    expect(busy?.json()).toEqual({ error: 'The server is busy, please try again in a moment' });
    expect(busy?.headers['retry-after']).toBe('2');
    await client.login(ADMIN.username, ADMIN.password);
  });
});
