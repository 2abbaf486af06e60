import type { Kysely, Migration } from 'kysely';
import { idColumn, type MigrationDialect } from './id-column';

/** Uploaded files (POST /api/upload) and support tickets with their messages and attachments. */
export function support(dialect: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('uploads'), 'upload_id', dialect)
        // The file outlives its uploader's account: a ticket or an import may still need it.
        .addColumn('user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
        .addColumn('stored_name', 'text', (c) => c.notNull().unique())
        .addColumn('original_name', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('uploads_user').on('uploads').column('user_id').execute();

      await idColumn(db.schema.createTable('tickets'), 'ticket_id', dialect)
        // A deleted account's tickets go with it: nobody else may read them anyway.
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('open', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('tickets_user')
        .on('tickets')
        .columns(['user_id', 'created_at'])
        .execute();

      await idColumn(db.schema.createTable('ticket_messages'), 'ticket_message_id', dialect)
        .addColumn('ticket_id', 'integer', (c) =>
          c.notNull().references('tickets.ticket_id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ticket_messages_ticket')
        .on('ticket_messages')
        .columns(['ticket_id', 'created_at'])
        .execute();

      await idColumn(db.schema.createTable('ticket_attachments'), 'ticket_attachment_id', dialect)
        .addColumn('ticket_message_id', 'integer', (c) =>
          c.notNull().references('ticket_messages.ticket_message_id').onDelete('cascade'),
        )
        // Deleting the upload (DELETE /api/upload/{id}) is how an attachment is removed.
        .addColumn('upload_id', 'integer', (c) =>
          c.notNull().references('uploads.upload_id').onDelete('cascade'),
        )
        .execute();
      await db.schema
        .createIndex('ticket_attachments_message')
        .on('ticket_attachments')
        .column('ticket_message_id')
        .execute();
      await db.schema
        .createIndex('ticket_attachments_upload')
        .on('ticket_attachments')
        .column('upload_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('ticket_attachments').ifExists().execute();
      await db.schema.dropTable('ticket_messages').ifExists().execute();
      await db.schema.dropTable('tickets').ifExists().execute();
      await db.schema.dropTable('uploads').ifExists().execute();
    },
  };
}
