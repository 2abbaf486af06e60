import type { Kysely, Migration } from 'kysely';

/**
 * Library uploads: who created a collection from /upload (an uploader may change only their
 * own), a per-role upload quota in bytes (null = unlimited), and the last run of each
 * scheduled job so a schedule survives restarts.
 */
export function uploads(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('collections')
        .addColumn('uploaded_by', 'integer', (c) =>
          c.references('users.user_id').onDelete('set null'),
        )
        .execute();
      await db.schema.alterTable('roles').addColumn('upload_limit', 'bigint').execute();
      await db.schema
        .createTable('scheduled_runs')
        .addColumn('job', 'text', (c) => c.primaryKey())
        .addColumn('last_run_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('scheduled_runs').execute();
      await db.schema.alterTable('roles').dropColumn('upload_limit').execute();
      await db.schema.alterTable('collections').dropColumn('uploaded_by').execute();
    },
  };
}
