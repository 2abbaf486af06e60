import type { Kysely, Migration } from 'kysely';
import { idColumn, type MigrationDialect } from './id-column';

/**
 * Scrobbling (issue 33, section 2). `scrobble_accounts`: one row per user and service with the
 * ListenBrainz token or Last.fm session key sealed (server/security/secret-box.ts) and the time
 * the service last refused it. `scrobble_outbox`: one row per listen and service, written when
 * the play is reported and sent by the worker; the unique key (user, service, file, time) makes
 * a report retried by the client, or a Subsonic app repeating a scrobble, a no-op.
 */
export function scrobbling(dialect: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('scrobble_accounts')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('service', 'text', (c) => c.notNull())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('service_user', 'text', (c) => c.notNull())
        .addColumn('connected_at', 'text', (c) => c.notNull())
        .addColumn('broken_at', 'text')
        .addPrimaryKeyConstraint('scrobble_accounts_pk', ['user_id', 'service'])
        .execute();
      await idColumn(db.schema.createTable('scrobble_outbox'), 'outbox_id', dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('service', 'text', (c) => c.notNull())
        // No foreign key: a listen stays sendable after its file is deleted.
        .addColumn('file_id', 'integer', (c) => c.notNull())
        .addColumn('listened_at', 'text', (c) => c.notNull())
        // JSON track metadata as it was when played (artist, track, release, duration).
        .addColumn('track', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        // Which worker holds the row while it is being sent.
        .addColumn('claim', 'text')
        // pending | sent | failed
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('last_error', 'text')
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema
        .createIndex('scrobble_outbox_listen')
        .on('scrobble_outbox')
        .columns(['user_id', 'service', 'file_id', 'listened_at'])
        .unique()
        .execute();
      await db.schema
        .createIndex('scrobble_outbox_due')
        .on('scrobble_outbox')
        .columns(['state', 'next_attempt_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('scrobble_outbox').execute();
      await db.schema.dropTable('scrobble_accounts').execute();
    },
  };
}
