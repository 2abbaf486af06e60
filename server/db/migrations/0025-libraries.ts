import type { Kysely, Migration } from 'kysely';
import { idColumn, type MigrationDialect } from './id-column';

/**
 * Several libraries (issue 46, domain/libraries.ts): the folders the server follows, which
 * library each collection came from, which libraries a role's members see (null: all, so
 * every existing role keeps seeing everything), and which library a scan was of. The
 * MUSIC_DIR library's row is written at start, from the configuration.
 */
export function libraries(dialect: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('libraries'), 'library_id', dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull().unique())
        .addColumn('from_config', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('removed_at', 'text')
        .execute();
      await db.schema.alterTable('collections').addColumn('library_id', 'integer').execute();
      await db.schema
        .createIndex('collections_library')
        .on('collections')
        .column('library_id')
        .execute();
      await db.schema.alterTable('roles').addColumn('libraries', 'text').execute();
      await db.schema.alterTable('import_jobs').addColumn('library_id', 'integer').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('import_jobs').dropColumn('library_id').execute();
      await db.schema.alterTable('roles').dropColumn('libraries').execute();
      await db.schema.dropIndex('collections_library').execute();
      await db.schema.alterTable('collections').dropColumn('library_id').execute();
      await db.schema.dropTable('libraries').execute();
    },
  };
}
