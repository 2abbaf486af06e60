import type { Kysely, Migration } from 'kysely';
import { idColumn, type MigrationDialect } from './id-column';

/** Accounts, sessions, settings and the small tables the account screens need. */
export function foundation(dialect: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('roles'), 'role_id', dialect)
        .addColumn('role_name', 'text', (c) => c.notNull())
        .addColumn('speed_limit', 'integer')
        .addColumn('download_limit', 'integer')
        .addColumn('request_limit', 'integer')
        .addColumn('can_upload', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('transcode', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('vip', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('download_paid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('enable_browse', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('enable_requests', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('enable_store', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('blacklisted_tags', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();

      await idColumn(db.schema.createTable('users'), 'user_id', dialect)
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('user_name_lower', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('email_lower', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('full_name', 'text')
        .addColumn('age', 'integer')
        .addColumn('gender', 'real', (c) => c.notNull().defaultTo(0.5))
        .addColumn('country', 'text')
        .addColumn('socials', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('email_confirmed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('email_marketing', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('remaining_downloads', 'integer')
        .addColumn('remaining_requests', 'integer')
        .addColumn('remaining_invites', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.role_id'))
        .addColumn('role_expiration', 'text')
        .addColumn('balance', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('register_time', 'text', (c) => c.notNull())
        .addColumn('last_login_time', 'text')
        .addColumn('last_login_ip', 'text')
        .addColumn('register_ip', 'text')
        .addColumn('is_banned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
        // No FK: users and their liked playlist reference each other.
        .addColumn('liked_playlist', 'integer')
        .addColumn('extra', 'text', (c) => c.notNull().defaultTo('{"genres":[]}'))
        .execute();
      await db.schema.createIndex('users_register_ip').on('users').column('register_ip').execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('email_confirmations')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('password_resets')
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();

      await db.schema
        .createTable('invites')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('created_by', 'integer', (c) =>
          c.references('users.user_id').onDelete('set null'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('used_by', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
        .execute();

      await idColumn(db.schema.createTable('contact_messages'), 'id', dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await idColumn(db.schema.createTable('playlists'), 'playlist_id', dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('public', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('playlists_user_id').on('playlists').column('user_id').execute();

      await idColumn(db.schema.createTable('direct_messages'), 'dm_id', dialect)
        .addColumn('from_user_id', 'integer', (c) =>
          c.references('users.user_id').onDelete('set null'),
        )
        .addColumn('to_user_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('direct_messages_to_read')
        .on('direct_messages')
        .columns(['to_user_id', 'read'])
        .execute();

      await db.schema
        .createTable('banned_ips')
        .addColumn('ip', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'banned_ips',
        'direct_messages',
        'playlists',
        'contact_messages',
        'invites',
        'password_resets',
        'email_confirmations',
        'settings',
        'sessions',
        'users',
        'roles',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
