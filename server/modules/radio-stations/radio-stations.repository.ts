import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { RadioStationsTable } from '../../db/podcast-tables';

export type StationRow = Selectable<RadioStationsTable>;

/** Internet radio stations (migration 0029). */
export class RadioStationsRepository {
  constructor(private readonly db: Db) {}

  list(): Promise<StationRow[]> {
    return this.db.selectFrom('radio_stations').selectAll().orderBy('name').limit(1000).execute();
  }

  find(stationId: number): Promise<StationRow | undefined> {
    return this.db
      .selectFrom('radio_stations')
      .selectAll()
      .where('station_id', '=', stationId)
      .executeTakeFirst();
  }

  async insert(
    row: Pick<StationRow, 'name' | 'stream_url' | 'homepage_url' | 'created_at'>,
  ): Promise<number> {
    const inserted = await this.db
      .insertInto('radio_stations')
      .values(row)
      .returning('station_id')
      .executeTakeFirstOrThrow();
    return inserted.station_id;
  }

  async update(stationId: number, set: Updateable<RadioStationsTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('radio_stations')
      .set(set)
      .where('station_id', '=', stationId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The ICY title a relay read, for every app server (nowPlaying reads it back). */
  async setNowPlaying(stationId: number, title: string, at: string): Promise<void> {
    await this.db
      .updateTable('radio_stations')
      .set({ now_playing: title, now_playing_at: at })
      .where('station_id', '=', stationId)
      .execute();
  }

  async delete(stationId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('radio_stations')
      .where('station_id', '=', stationId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
