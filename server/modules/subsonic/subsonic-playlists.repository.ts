import type { Db } from '../../db/database';

export interface PlaylistDates {
  created: string;
  /** The last time an entry was added, else the creation. */
  changed: string;
}

/** What Subsonic's playlist shape needs beyond the web app's playlist summaries. */
export class SubsonicPlaylistsRepository {
  constructor(private readonly db: Db) {}

  async dates(playlistIds: number[]): Promise<Map<number, PlaylistDates>> {
    if (playlistIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('playlists as p')
      .leftJoin('playlist_files as pf', 'pf.playlist_id', 'p.playlist_id')
      .select((eb) => ['p.playlist_id', 'p.created_at', eb.fn.max('pf.added_at').as('added')])
      .where('p.playlist_id', 'in', playlistIds)
      .groupBy(['p.playlist_id', 'p.created_at'])
      .execute();
    return new Map(
      rows.map((r) => {
        const added = r.added ?? null;
        const changed = added !== null && added > r.created_at ? added : r.created_at;
        return [Number(r.playlist_id), { created: r.created_at, changed }];
      }),
    );
  }
}
