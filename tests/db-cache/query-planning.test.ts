import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

const onPostgres = process.env.TEST_DB === 'postgres';

/**
 * What the planner is given (decision 0071): the session settings every pooled PostgreSQL
 * connection starts with, and the indexes of migration 0038 on each database.
 */
describe('query planning', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.runIf(onPostgres)(
    'runs each query in one backend, without JIT, on every connection',
    async () => {
      // Several at once: each may be a different connection of the pool.
      const shown = await Promise.all(
        Array.from({ length: 4 }, () =>
          sql<{ jit: string; workers: string }>`SELECT current_setting('jit') AS jit,
          current_setting('max_parallel_workers_per_gather') AS workers`.execute(t.db),
        ),
      );
      for (const { rows } of shown) expect(rows[0]).toEqual({ jit: 'off', workers: '0' });
    },
  );

  it.runIf(onPostgres)(
    'reads a BPM range from the index, with what filters and visibility need',
    async () => {
      const { rows } = await sql<{ def: string }>`SELECT indexdef AS def FROM pg_indexes
      WHERE indexname = 'collections_bpm_covering'`.execute(t.db);
      expect(rows[0]?.def).toMatch(
        /\(bpm\) INCLUDE \(collection_id, release_date, added_at, missing_since, hidden, library_id\)/,
      );
      const stats = await sql<{ name: string }>`SELECT stxname AS name FROM pg_statistic_ext
      WHERE stxname = 'collections_released'`.execute(t.db);
      expect(stats.rows).toHaveLength(1);
    },
  );

  it('finds the rare subtitled discs by a partial index', async () => {
    const found = onPostgres
      ? await sql<{ def: string }>`SELECT indexdef AS def FROM pg_indexes
          WHERE indexname = 'audio_disc_subtitles'`.execute(t.db)
      : await sql<{ def: string }>`SELECT sql AS def FROM sqlite_master
          WHERE type = 'index' AND name = 'audio_disc_subtitles'`.execute(t.db);
    const def = found.rows[0]?.def ?? '';
    expect(def).toMatch(/WHERE .*disc_number IS NOT NULL/);
    expect(def).toMatch(/WHERE .*disc_subtitle IS NOT NULL/);
  });
});
