import type { Kysely, Migration } from 'kysely';
import { idColumn, type MigrationDialect } from './id-column';

/**
 * What a user listened to, and the playlists that compute themselves (issue 48).
 * `listens`: one row per play a user made (web app at the threshold, its offline outbox,
 * Subsonic `scrobble`), the unique key (user, file, second) making a report sent again, or
 * sent by two paths, one row. It is the history page, the year in review, each user's own play
 * count and last play (smart playlists), and "who played this also played that" (radio).
 * No foreign key on the file: a listen stays in the year's figures after its file is purged.
 * `smart_playlists`: a rule set (domain/smart-playlist.ts, JSON) evaluated when asked.
 */
export function listening(dialect: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('listens'), 'listen_id', dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('file_id', 'integer', (c) => c.notNull())
        .addColumn('collection_id', 'integer', (c) => c.notNull())
        // ISO-8601, whole seconds (the same listen reported twice is one row).
        .addColumn('played_at', 'text', (c) => c.notNull())
        // 'web' for the web app and its offline outbox, else the Subsonic client name (`c`).
        .addColumn('client', 'text', (c) => c.notNull())
        // The track's length when played, so a year's listening time outlives a purge.
        .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('listens_once')
        .on('listens')
        .columns(['user_id', 'file_id', 'played_at'])
        .unique()
        .execute();
      await db.schema
        .createIndex('listens_by_time')
        .on('listens')
        .columns(['user_id', 'played_at'])
        .execute();
      await db.schema
        .createIndex('listens_by_file')
        .on('listens')
        .columns(['file_id', 'user_id'])
        .execute();
      await idColumn(db.schema.createTable('smart_playlists'), 'smart_playlist_id', dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        // JSON: { match, rules, sort?, limit? } as domain/smart-playlist.ts validates it.
        .addColumn('definition', 'text', (c) => c.notNull())
        .addColumn('public', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('smart_playlists_owner')
        .on('smart_playlists')
        .column('user_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('smart_playlists').execute();
      await db.schema.dropTable('listens').execute();
    },
  };
}
