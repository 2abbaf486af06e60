import { nowIso, type Db } from '../../db/database';

export interface SmartPlaylistRow {
  smart_playlist_id: number;
  user_id: number;
  user_name: string;
  name: string;
  definition: string;
  public: number;
  created_at: string;
  updated_at: string;
}

export interface SmartPlaylistColumns {
  name: string;
  definition: string;
  public: number;
}

/** The stored rule sets (migration 0026); their tracks are SmartTracksRepository's. */
export class SmartPlaylistsRepository {
  constructor(private readonly db: Db) {}

  private rows() {
    return this.db
      .selectFrom('smart_playlists as s')
      .innerJoin('users as u', 'u.user_id', 's.user_id')
      .select([
        's.smart_playlist_id',
        's.user_id',
        'u.user_name',
        's.name',
        's.definition',
        's.public',
        's.created_at',
        's.updated_at',
      ]);
  }

  find(id: number): Promise<SmartPlaylistRow | undefined> {
    return this.rows().where('s.smart_playlist_id', '=', id).executeTakeFirst();
  }

  /** The user's own, then other users' public ones, each by name. */
  listReadable(userId: number): Promise<SmartPlaylistRow[]> {
    return this.rows()
      .where((eb) => eb.or([eb('s.user_id', '=', userId), eb('s.public', '=', 1)]))
      .orderBy((eb) => eb.case().when('s.user_id', '=', userId).then(0).else(1).end())
      .orderBy('s.name')
      .orderBy('s.smart_playlist_id')
      .execute();
  }

  async create(userId: number, columns: SmartPlaylistColumns): Promise<number> {
    const now = nowIso();
    const row = await this.db
      .insertInto('smart_playlists')
      .values({ user_id: userId, ...columns, created_at: now, updated_at: now })
      .returning('smart_playlist_id')
      .executeTakeFirstOrThrow();
    return Number(row.smart_playlist_id);
  }

  async update(id: number, columns: SmartPlaylistColumns): Promise<void> {
    await this.db
      .updateTable('smart_playlists')
      .set({ ...columns, updated_at: nowIso() })
      .where('smart_playlist_id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('smart_playlists').where('smart_playlist_id', '=', id).execute();
  }
}
