import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * Issue 51, measured at 1,000,000 files on PostgreSQL:
 * - A BPM range filter read each matching collection's wide row (search text, its tsvector) to
 *   test the date and visibility: 7,466 pages for 17,298 rows. The BPM index now carries those
 *   columns, so the range is read from the index alone (169 pages).
 * - The planner guessed the release-date range (an expression over two columns) at 84 rows of
 *   5,258 and probed the genre once per collection (15,775 pages); statistics over the
 *   expression give it the real count, and it joins the genre's ids in one hash instead.
 * - Disc subtitles are rare: a partial index finds the few audio rows that have one, instead of
 *   every file of a sync page's 500 albums being joined to its audio row (on both databases).
 */
export const filterAndDiscIndexes = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await sql`CREATE INDEX IF NOT EXISTS audio_disc_subtitles ON audio (file_id)
      WHERE disc_number IS NOT NULL AND disc_subtitle IS NOT NULL`.execute(db);
    if (dialect !== 'postgres') return;
    await sql`CREATE INDEX IF NOT EXISTS collections_bpm_covering ON collections (bpm)
      INCLUDE (collection_id, release_date, added_at, missing_since, hidden, library_id)`.execute(
      db,
    );
    await sql`DROP INDEX IF EXISTS collections_bpm`.execute(db);
    // Statistics over an expression came with PostgreSQL 14; on an older server the planner
    // keeps its guess (slower, same answers).
    const version = await sql<{
      v: string;
    }>`SELECT current_setting('server_version_num') AS v`.execute(db);
    if (Number(version.rows[0]?.v ?? 0) >= 140000) {
      await sql`CREATE STATISTICS IF NOT EXISTS collections_released
        ON (COALESCE(release_date, substr(added_at, 1, 10))) FROM collections`.execute(db);
    }
    await sql`ANALYZE collections`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`DROP INDEX IF EXISTS audio_disc_subtitles`.execute(db);
    if (dialect !== 'postgres') return;
    await sql`DROP STATISTICS IF EXISTS collections_released`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS collections_bpm ON collections (bpm)`.execute(db);
    await sql`DROP INDEX IF EXISTS collections_bpm_covering`.execute(db);
  },
});
