import type { Kysely, Migration } from 'kysely';

/**
 * What a rescan of MUSIC_DIR found (issue 46): files seen, new, changed, moved, missing and
 * restored, kept with the import job as one JSON object (null until the scan ends, and for
 * imports recorded before). Same SQL on SQLite and PostgreSQL.
 */
export function scanSummary(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('import_jobs').addColumn('summary', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('import_jobs').dropColumn('summary').execute();
    },
  };
}
