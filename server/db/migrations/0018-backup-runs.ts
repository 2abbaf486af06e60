import type { Kysely, Migration } from 'kysely';
import { idColumn, type MigrationDialect } from './id-column';

/**
 * Backups an administrator started or the daily schedule ran (issue 31), for "the last backup"
 * on the settings screen and so a run cut short by a restart reads as failed, never running.
 * The backups themselves are folders with a manifest; this only remembers the runs.
 */
export function backupRuns(dialect: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('backup_runs'), 'backup_id', dialect)
        .addColumn('trigger', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .addColumn('folder', 'text')
        .addColumn('size_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('file_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('backup_runs').execute();
    },
  };
}
