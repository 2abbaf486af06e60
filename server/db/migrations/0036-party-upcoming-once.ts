import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A file is coming up at most once in a party (issue 50): two guests adding the same track at
 * the same moment both passed the service's check, and PostgreSQL's READ COMMITTED let both
 * rows in. The unique index over the tracks still to come decides instead; a played or removed
 * one may be added again.
 */
export const partyUpcomingOnce: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('party_tracks_upcoming_once')
      .on('party_tracks')
      .columns(['party_id', 'file_id'])
      .unique()
      .where(sql.ref('played_at'), 'is', null)
      .where(sql.ref('removed'), '=', 0)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('party_tracks_upcoming_once').execute();
  },
};
