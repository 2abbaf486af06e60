import type { Kysely, Migration } from 'kysely';
import { idColumn, type MigrationDialect } from './id-column';

/**
 * Share links (issue 33, section 3): a link opens one collection or playlist for people without
 * an account. Only the SHA-256 of the token is stored, so a copy of the database opens nothing;
 * links go with their sharer and with what they share.
 */
export function shareLinks(dialect: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('share_links'), 'share_id', dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        // hex SHA-256 of the token; unique.
        .addColumn('token_hash', 'text', (c) => c.notNull())
        .addColumn('collection_id', 'integer', (c) =>
          c.references('collections.collection_id').onDelete('cascade'),
        )
        .addColumn('playlist_id', 'integer', (c) =>
          c.references('playlists.playlist_id').onDelete('cascade'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text')
        .execute();
      await db.schema
        .createIndex('share_links_token_hash')
        .on('share_links')
        .column('token_hash')
        .unique()
        .execute();
      await db.schema.createIndex('share_links_user').on('share_links').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('share_links').execute();
    },
  };
}
