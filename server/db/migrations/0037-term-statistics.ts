import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * PostgreSQL's planner took a term's kind and value as independent, so it guessed "genre is
 * Jazz" at a tenth of its 8,060 albums (one kind in ten, times the value's share of every kind)
 * and planned smart playlists and tag rules for a rare term (issue 48). Statistics over the pair
 * give it the real counts. SQLite has no such statistics; its planner is steered in the queries.
 */
export const termStatistics = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    if (dialect !== 'postgres') return;
    await sql`CREATE STATISTICS IF NOT EXISTS collection_terms_kind_value (mcv, dependencies)
      ON kind, value_key FROM collection_terms`.execute(db);
    await sql`ANALYZE collection_terms`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (dialect !== 'postgres') return;
    await sql`DROP STATISTICS IF EXISTS collection_terms_kind_value`.execute(db);
  },
});
