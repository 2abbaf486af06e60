import type { Kysely, Migration } from 'kysely';
import { idColumn, type MigrationDialect } from './id-column';

/**
 * Year share links (issue 48): a link shows one user's year in review (figures and top lists,
 * never who they are or when they played) to anyone holding it. Like share links (0020) only
 * the SHA-256 of the token is stored, so a copy of the database opens nothing; the links go
 * with their user. Also an index for the year's figures over `listens`.
 */
export function yearShares(dialect: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('year_shares'), 'year_share_id', dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('token_hash', 'text', (c) => c.notNull())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('year_shares_token_hash')
        .on('year_shares')
        .column('token_hash')
        .unique()
        .execute();
      await db.schema.createIndex('year_shares_user').on('year_shares').column('user_id').execute();
      // The year's figures read every listen of one user in a time range: with these columns in
      // the index they are read from it alone (measured 2-3x faster at 100,000 listens).
      await db.schema
        .createIndex('listens_by_time_covering')
        .on('listens')
        .columns(['user_id', 'played_at', 'collection_id', 'file_id', 'duration_ms'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('listens_by_time_covering').execute();
      await db.schema.dropTable('year_shares').execute();
    },
  };
}
