import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type OpenDatabase } from '../../server/db/database';
import { RateLimitsRepository } from '../../server/plugins/rate-limit.repository';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
// A second pool on the same database (on SQLite, a second connection to the same file).
let second: OpenDatabase;
let repo: RateLimitsRepository;
let other: RateLimitsRepository;
const T0 = 1_800_000_000_000;

beforeAll(async () => {
  t = await createTestApp();
  second = createDatabase(t.config);
  repo = new RateLimitsRepository(t.db);
  other = new RateLimitsRepository(second.db);
});
afterAll(async () => {
  await t.close();
  await second.db.destroy();
});

describe('RateLimitsRepository', () => {
  it('counts in a fixed window and starts over once it has ended', async () => {
    expect(await repo.add('r:a', 1_000, T0)).toEqual({ count: 1, resetAt: T0 + 1_000 });
    expect(await other.add('r:a', 1_000, T0 + 400)).toEqual({ count: 2, resetAt: T0 + 1_000 });
    expect(await repo.find('r:a', T0 + 999)).toEqual({ count: 2, resetAt: T0 + 1_000 });
    expect(await repo.find('r:a', T0 + 1_000)).toBeUndefined();
    expect(await other.add('r:a', 1_000, T0 + 1_000)).toEqual({ count: 1, resetAt: T0 + 2_000 });
  });

  it('gives 20 parallel attempts from two connections the counts 1 to 20, each once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? repo : other).add('r:b', 60_000, T0)),
    );
    expect(answers.map((w) => w.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(new Set(answers.map((w) => w.resetAt))).toEqual(new Set([T0 + 60_000]));
  });

  it('removes a key, and sweeps only the windows that have ended', async () => {
    await repo.add('r:c', 1_000, T0);
    await repo.add('r:d', 5_000, T0);
    await repo.add('r:e', 5_000, T0);
    await repo.remove('r:e');
    expect(await repo.find('r:e', T0)).toBeUndefined();
    await repo.sweep(T0 + 1_000);
    const keys = await t.db.selectFrom('rate_limit_windows').select('limit_key').execute();
    expect(keys.map((k) => k.limit_key).filter((k) => 'cde'.includes(k.slice(2)))).toEqual(['r:d']);
  });
});
