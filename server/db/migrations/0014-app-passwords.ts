import type { Kysely, Migration } from 'kysely';
import { idColumn, type MigrationDialect } from './id-column';

/**
 * App passwords (issue 29): what phone and desktop apps sign in to `/rest` with, never the
 * argon2id sign-in password. Subsonic's token auth needs the plain value, so the password is
 * stored encrypted (AES-256-GCM, the key outside the database: server/security/secret-box.ts);
 * `lookup` is an HMAC of it under the same key, so an apiKey finds its row without decrypting
 * every row. Rows go with their user.
 */
export function appPasswords(dialect: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('app_passwords'), 'app_password_id', dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        // base64url of iv | ciphertext | GCM tag.
        .addColumn('secret', 'text', (c) => c.notNull())
        // hex HMAC-SHA256(key, password).
        .addColumn('lookup', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema
        .createIndex('app_passwords_lookup')
        .on('app_passwords')
        .column('lookup')
        .unique()
        .execute();
      await db.schema
        .createIndex('app_passwords_user')
        .on('app_passwords')
        .column('user_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('app_passwords').execute();
    },
  };
}
