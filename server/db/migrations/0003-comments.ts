import type { Kysely, Migration } from 'kysely';
import { idColumn, type MigrationDialect } from './id-column';

/** Comments of a comment group (one per collection), with replies nested by reply_to. */
export function comments(dialect: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('comments'), 'comment_id', dialect)
        .addColumn('comment_group_id', 'integer', (c) =>
          c.notNull().references('comment_groups.comment_group_id').onDelete('cascade'),
        )
        // A deleted account's comments stay (shown as by a deleted user) so threads keep making sense.
        .addColumn('user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
        // Deleting a comment deletes its replies: a reply without its parent has no context.
        .addColumn('reply_to', 'integer', (c) =>
          c.references('comments.comment_id').onDelete('cascade'),
        )
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('edited_at', 'text')
        .execute();
      await db.schema
        .createIndex('comments_group')
        .on('comments')
        .columns(['comment_group_id', 'created_at'])
        .execute();
      await db.schema.createIndex('comments_created').on('comments').column('created_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('comments').ifExists().execute();
    },
  };
}
