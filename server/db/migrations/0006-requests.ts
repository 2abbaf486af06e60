import type { Kysely, Migration } from 'kysely';
import { idColumn, type MigrationDialect } from './id-column';

/** Requests for music missing from the library; each owns a comment group like a collection. */
export function requests(dialect: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('requests'), 'request_id', dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('artist', 'text', (c) => c.notNull())
        .addColumn('genre', 'text')
        .addColumn('music_key', 'text')
        .addColumn('bpm', 'real')
        .addColumn('label', 'text')
        .addColumn('duration', 'integer')
        .addColumn('release_date', 'text')
        .addColumn('description', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        // A deleted account's requests stay (shown as by a deleted user): others may want them too.
        .addColumn('user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
        // Deleting the collection that filled a request opens the request again.
        .addColumn('collection_id', 'integer', (c) =>
          c.references('collections.collection_id').onDelete('set null'),
        )
        .addColumn('filled_by', 'integer', (c) =>
          c.references('users.user_id').onDelete('set null'),
        )
        .addColumn('filled_at', 'text')
        .addColumn('comment_group_id', 'integer', (c) =>
          c.notNull().references('comment_groups.comment_group_id'),
        )
        .execute();
      await db.schema
        .createIndex('requests_user')
        .on('requests')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema.createIndex('requests_created').on('requests').column('created_at').execute();
      await db.schema
        .createIndex('requests_comment_group')
        .on('requests')
        .column('comment_group_id')
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('requests').ifExists().execute();
    },
  };
}
