import type { Kysely, Migration } from 'kysely';

/**
 * A station's "now playing" title (issue 49) as the relay last read it from the ICY metadata,
 * with when: kept in the database rather than in the relaying process, so a listener on any app
 * server sees the title a relay on another one read. A title not refreshed for a while (no relay
 * running) is not shown.
 */
export const stationNowPlaying: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('radio_stations').addColumn('now_playing', 'text').execute();
    await db.schema.alterTable('radio_stations').addColumn('now_playing_at', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const column of ['now_playing_at', 'now_playing'])
      await db.schema.alterTable('radio_stations').dropColumn(column).execute();
  },
};
