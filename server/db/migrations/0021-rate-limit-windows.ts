import type { Kysely, Migration } from 'kysely';

/**
 * Rate-limit windows in the database (issue 32, decision 0049): on PostgreSQL several app
 * servers share one database, and a counter kept per process would give an attacker one
 * allowance per server. SQLite gets the table too (one schema), though its single process
 * keeps counting in memory.
 */
export function rateLimitWindows(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_limit_windows')
        .addColumn('limit_key', 'text', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('reset_at', 'bigint', (c) => c.notNull())
        .execute();
      // The sweep deletes by expiry.
      await db.schema
        .createIndex('rate_limit_windows_reset_at')
        .on('rate_limit_windows')
        .column('reset_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('rate_limit_windows').execute();
    },
  };
}
