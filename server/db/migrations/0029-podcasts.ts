import type { Kysely, Migration } from 'kysely';
import { idColumn, type MigrationDialect } from './id-column';

/**
 * Podcasts, internet radio stations and bookmarks (issue 49).
 * `podcast_feeds`: one row per feed address, fetched once for all its subscribers; the
 * validators (ETag, Last-Modified) make a refresh conditional, and `error` keeps the last
 * failure while the episodes stay. `podcast_subscriptions`: who follows which feed, with how
 * many of the newest episodes to download automatically. `podcast_episodes`: one row per item
 * guid of a feed; `storage_key` is set once a download is complete. `podcast_episode_states`:
 * each user's position and played mark. `radio_stations`: the resolved stream address stays
 * server-side. `bookmarks`: a user's position in a library file (tracks over 20 minutes).
 * The role right `podcasts` is on for every existing role (the default member role included).
 */
export function podcasts(dialect: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('roles')
        .addColumn('podcasts', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await idColumn(db.schema.createTable('podcast_feeds'), 'feed_id', dialect)
        .addColumn('url', 'text', (c) => c.notNull().unique())
        .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('author', 'text')
        .addColumn('image_url', 'text')
        .addColumn('description', 'text')
        .addColumn('etag', 'text')
        .addColumn('last_modified', 'text')
        .addColumn('checked_at', 'text')
        .addColumn('error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await idColumn(db.schema.createTable('podcast_subscriptions'), 'subscription_id', dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('feed_id', 'integer', (c) =>
          c.notNull().references('podcast_feeds.feed_id').onDelete('cascade'),
        )
        .addColumn('auto_download', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('podcast_subscriptions_once')
        .on('podcast_subscriptions')
        .columns(['user_id', 'feed_id'])
        .unique()
        .execute();
      await idColumn(db.schema.createTable('podcast_episodes'), 'episode_id', dialect)
        .addColumn('feed_id', 'integer', (c) =>
          c.notNull().references('podcast_feeds.feed_id').onDelete('cascade'),
        )
        .addColumn('guid', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('published_at', 'text')
        .addColumn('duration_seconds', 'integer')
        .addColumn('description', 'text')
        .addColumn('enclosure_url', 'text', (c) => c.notNull())
        .addColumn('enclosure_type', 'text')
        .addColumn('season', 'integer')
        .addColumn('episode_number', 'integer')
        .addColumn('explicit', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('chapters_url', 'text')
        .addColumn('image_url', 'text')
        // 'remote' | 'downloading' | 'downloaded' | 'error'
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('remote'))
        .addColumn('storage_key', 'text')
        .addColumn('size_bytes', 'integer')
        .addColumn('error', 'text')
        .addColumn('downloaded_at', 'text')
        .execute();
      await db.schema
        .createIndex('podcast_episodes_once')
        .on('podcast_episodes')
        .columns(['feed_id', 'guid'])
        .unique()
        .execute();
      await db.schema
        .createTable('podcast_episode_states')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('episode_id', 'integer', (c) =>
          c.notNull().references('podcast_episodes.episode_id').onDelete('cascade'),
        )
        .addColumn('position_ms', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('played', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('comment', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('podcast_episode_states_pk', ['user_id', 'episode_id'])
        .execute();
      await idColumn(db.schema.createTable('radio_stations'), 'station_id', dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('stream_url', 'text', (c) => c.notNull())
        .addColumn('homepage_url', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('bookmarks')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        // No foreign key: a bookmark of a purged file is dropped when read.
        .addColumn('file_id', 'integer', (c) => c.notNull())
        .addColumn('position_ms', 'integer', (c) => c.notNull())
        .addColumn('comment', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('bookmarks_pk', ['user_id', 'file_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('bookmarks').execute();
      await db.schema.dropTable('radio_stations').execute();
      await db.schema.dropTable('podcast_episode_states').execute();
      await db.schema.dropTable('podcast_episodes').execute();
      await db.schema.dropTable('podcast_subscriptions').execute();
      await db.schema.dropTable('podcast_feeds').execute();
      await db.schema.alterTable('roles').dropColumn('podcasts').execute();
    },
  };
}
