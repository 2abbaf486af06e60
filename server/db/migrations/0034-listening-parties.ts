import type { Kysely, Migration } from 'kysely';
import { idColumn, type MigrationDialect } from './id-column';

/**
 * Listening parties (issue 50, decision 0067). A party belongs to its host; like share links
 * (0020) only the SHA-256 of its token is stored. Everyone who takes part, the host included,
 * is a party_guests row (a user, or a signed-out guest known by the hash of a cookie), so
 * tracks and votes name one kind of participant. Ending a party keeps its rows (ended_at set):
 * the token stops opening at once.
 */
export function listeningParties(dialect: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('parties'), 'party_id', dialect)
        .addColumn('host_user_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('token_hash', 'text', (c) => c.notNull())
        .addColumn('allow_anonymous', 'integer', (c) => c.notNull().defaultTo(0))
        // What the host's device last said it plays (a party track, or any file).
        .addColumn('now_file_id', 'integer')
        .addColumn('now_track_id', 'integer')
        .addColumn('now_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('ended_at', 'text')
        .execute();
      await db.schema
        .createIndex('parties_token_hash')
        .on('parties')
        .column('token_hash')
        .unique()
        .execute();
      await db.schema.createIndex('parties_host').on('parties').column('host_user_id').execute();

      await idColumn(db.schema.createTable('party_guests'), 'guest_id', dialect)
        .addColumn('party_id', 'integer', (c) =>
          c.notNull().references('parties.party_id').onDelete('cascade'),
        )
        // 'u:<user id>' for a signed-in user, 'g:<sha256 of the guest cookie>' for one signed out.
        .addColumn('guest_key', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.user_id').onDelete('cascade'))
        .addColumn('joined_at', 'text', (c) => c.notNull())
        .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('party_guests_key')
        .on('party_guests')
        .columns(['party_id', 'guest_key'])
        .unique()
        .execute();

      await idColumn(db.schema.createTable('party_tracks'), 'track_id', dialect)
        .addColumn('party_id', 'integer', (c) =>
          c.notNull().references('parties.party_id').onDelete('cascade'),
        )
        .addColumn('file_id', 'integer', (c) =>
          c.notNull().references('files.file_id').onDelete('cascade'),
        )
        .addColumn('added_by', 'integer', (c) =>
          c.notNull().references('party_guests.guest_id').onDelete('cascade'),
        )
        .addColumn('added_at', 'text', (c) => c.notNull())
        // Set when the host's device started it: it left the upcoming list for good.
        .addColumn('played_at', 'text')
        .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('party_tracks_party')
        .on('party_tracks')
        .columns(['party_id', 'added_at'])
        .execute();

      await db.schema
        .createTable('party_votes')
        .addColumn('track_id', 'integer', (c) =>
          c.notNull().references('party_tracks.track_id').onDelete('cascade'),
        )
        .addColumn('guest_id', 'integer', (c) =>
          c.notNull().references('party_guests.guest_id').onDelete('cascade'),
        )
        .addColumn('vote', 'integer', (c) => c.notNull())
        .addColumn('voted_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('party_votes_pk', ['track_id', 'guest_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('party_votes').execute();
      await db.schema.dropTable('party_tracks').execute();
      await db.schema.dropTable('party_guests').execute();
      await db.schema.dropTable('parties').execute();
    },
  };
}
