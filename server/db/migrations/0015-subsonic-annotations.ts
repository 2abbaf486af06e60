import { sql, type Kysely, type Migration } from 'kysely';

const userColumn = 'user_id';
const userReference = 'users.user_id';

/**
 * What phone and desktop apps note about the music (issue 29), per user:
 *
 * - `stars`: starred albums and artists. A starred song is not here: it is a like, stored in
 *   the user's liked playlist like the web app's heart, so both show the same thing.
 * - `ratings`: 1 to 5 for a song, album or artist; rating 0 removes the row.
 * - `play_queues`: the queue an app saved (savePlayQueue), one per user, for "continue where
 *   you left off" on another device.
 * - `now_playing`: what each of the user's players reported last (scrobble submission=false).
 * - `collections.last_played_at`: when a play of the collection was last counted (recent lists).
 *
 * Stars and ratings point at ids of several tables, so they carry no foreign key to the item;
 * every read joins the item, and a deleted one simply stops showing.
 */
export function subsonicAnnotations(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('stars')
        .addColumn(userColumn, 'integer', (c) =>
          c.notNull().references(userReference).onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('album', 'artist')`))
        .addColumn('item_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('stars_pk', [userColumn, 'kind', 'item_id'])
        .execute();

      await db.schema
        .createTable('ratings')
        .addColumn(userColumn, 'integer', (c) =>
          c.notNull().references(userReference).onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind IN ('song', 'album', 'artist')`),
        )
        .addColumn('item_id', 'integer', (c) => c.notNull())
        .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating BETWEEN 1 AND 5`))
        .addPrimaryKeyConstraint('ratings_pk', [userColumn, 'kind', 'item_id'])
        .execute();

      await db.schema
        .createTable('play_queues')
        .addColumn(userColumn, 'integer', (c) =>
          c.primaryKey().references(userReference).onDelete('cascade'),
        )
        // JSON array of file ids in queue order (at most 1000).
        .addColumn('entries', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('current_file_id', 'integer', (c) =>
          c.references('files.file_id').onDelete('set null'),
        )
        .addColumn('position_ms', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('changed_at', 'text', (c) => c.notNull())
        .addColumn('changed_by', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('now_playing')
        .addColumn(userColumn, 'integer', (c) =>
          c.notNull().references(userReference).onDelete('cascade'),
        )
        .addColumn('player', 'text', (c) => c.notNull())
        .addColumn('file_id', 'integer', (c) =>
          c.notNull().references('files.file_id').onDelete('cascade'),
        )
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('now_playing_pk', [userColumn, 'player'])
        .execute();
      await db.schema
        .createIndex('now_playing_started')
        .on('now_playing')
        .column('started_at')
        .execute();

      await db.schema.alterTable('collections').addColumn('last_played_at', 'text').execute();
      await db.schema
        .createIndex('collections_last_played')
        .on('collections')
        .column('last_played_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('collections_last_played').execute();
      await db.schema.alterTable('collections').dropColumn('last_played_at').execute();
      for (const table of ['now_playing', 'play_queues', 'ratings', 'stars'])
        await db.schema.dropTable(table).execute();
    },
  };
}
