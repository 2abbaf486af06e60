import type { Kysely, Migration } from 'kysely';
import { idColumn, type MigrationDialect } from './id-column';

/**
 * Downloader servers (nodes), their downloads, RSS feeds with the item guids already taken,
 * and which user asked for which external download. Downloads and feeds carry a server_id
 * without a foreign key: a node keeps its own rows under LOCAL_SERVER_ID and has no servers table rows.
 */
export function servers(dialect: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('servers'), 'server_id', dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('last_seen_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await idColumn(db.schema.createTable('downloads'), 'download_id', dialect)
        .addColumn('server_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('keep_original', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('post_actions', 'text')
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('message', 'text')
        .addColumn('bytes_done', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('bytes_total', 'bigint')
        .addColumn('speed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('peers', 'integer')
        .addColumn('resume_state', 'text')
        .addColumn('collection_id', 'integer')
        .addColumn('added_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('downloads_server_state')
        .on('downloads')
        .columns(['server_id', 'state'])
        .execute();

      await idColumn(db.schema.createTable('rss_feeds'), 'rss_feed_id', dialect)
        .addColumn('server_id', 'integer', (c) => c.notNull())
        .addColumn('rss_url', 'text', (c) => c.notNull())
        .addColumn('rss_cookies', 'text')
        .addColumn('title_regex', 'text')
        .addColumn('check_interval', 'integer', (c) => c.notNull().defaultTo(30))
        .addColumn('last_check', 'text')
        .addColumn('last_error', 'text')
        .addColumn('post_actions', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('rss_seen')
        .addColumn('rss_feed_id', 'integer', (c) =>
          c.notNull().references('rss_feeds.rss_feed_id').onDelete('cascade'),
        )
        .addColumn('guid', 'text', (c) => c.notNull())
        .addColumn('seen_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('rss_seen_pk', ['rss_feed_id', 'guid'])
        .execute();

      await db.schema
        .createTable('download_requests')
        .addColumn('server_id', 'integer', (c) => c.notNull())
        .addColumn('download_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('download_requests_pk', ['server_id', 'download_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['download_requests', 'rss_seen', 'rss_feeds', 'downloads', 'servers'])
        await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
