import { sql } from 'kysely';
import { visibleTo, type Visibility } from '../../access/collections';
import type { Db } from '../../db/database';

export interface NowPlayingRow {
  user_id: number;
  user_name: string;
  player: string;
  file_id: number;
  started_at: string;
  duration: number | null;
}

/** What each player of each user reported playing now (Subsonic's scrobble, submission=false). */
export class NowPlayingRepository {
  constructor(private readonly db: Db) {}

  async recordNowPlaying(
    userId: number,
    player: string,
    fileId: number,
    startedAt: string,
  ): Promise<void> {
    await this.db
      .insertInto('now_playing')
      .values({ user_id: userId, player, file_id: fileId, started_at: startedAt })
      .onConflict((oc) =>
        oc.columns(['user_id', 'player']).doUpdateSet({ file_id: fileId, started_at: startedAt }),
      )
      .execute();
  }

  /**
   * Reports started since `since` of files in collections the viewer may see, newest first;
   * the caller drops those whose track has ended since.
   */
  async nowPlayingSince(
    since: string,
    viewer: Visibility,
    limit: number,
  ): Promise<NowPlayingRow[]> {
    const result = await sql<NowPlayingRow>`SELECT np.user_id, u.user_name, np.player,
        np.file_id, np.started_at, a.duration
      FROM now_playing np
      JOIN users u ON u.user_id = np.user_id
      JOIN files f ON f.file_id = np.file_id
      JOIN audio a ON a.file_id = np.file_id
      JOIN collections c ON c.collection_id = f.collection_id
      WHERE np.started_at >= ${since} AND ${visibleTo(viewer, 'c')}
        AND f.missing_since IS NULL
      ORDER BY np.started_at DESC, np.user_id, np.player
      LIMIT ${limit}`.execute(this.db);
    return result.rows.map((r) => ({
      ...r,
      user_id: Number(r.user_id),
      file_id: Number(r.file_id),
      duration: r.duration === null ? null : Number(r.duration),
    }));
  }
}
