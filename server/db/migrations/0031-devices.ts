import type { Kysely, Migration } from 'kysely';

/**
 * Devices (issue 50, domain/devices.ts): each of a user's signed-in web apps, with the name the
 * user gave it, what it last reported playing and its queue (so "play here" can move them from
 * another app server's device), and until when its live channel counts as open: a lease the
 * server holding the socket renews, so any app server can tell whether it is online.
 */
export function devices(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('devices')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('device_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        // JSON DevicePlaying or null, and JSON DeviceQueue or null, as last reported.
        .addColumn('playing', 'text')
        .addColumn('queue', 'text')
        .addColumn('reported_at', 'text')
        .addColumn('online_until', 'text')
        .addPrimaryKeyConstraint('devices_pk', ['user_id', 'device_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('devices').execute();
    },
  };
}
