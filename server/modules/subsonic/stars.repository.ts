import { sql } from 'kysely';
import { visibleTo, type Visibility } from '../../access/collections';
import { nowIso, type Db } from '../../db/database';

export type StarKind = 'album' | 'artist';

/** An item with the time it was starred (or, for a song, liked). */
export interface Starred {
  id: number;
  at: string;
}

/** An artist is seen through the collections crediting them (album artist or on a track). */
const artistVisible = (ref: string, viewer: Visibility) => sql<boolean>`(EXISTS (
    SELECT 1 FROM collection_artists ca JOIN collections c ON c.collection_id = ca.collection_id
    WHERE ca.artist_id = ${sql.ref(ref)} AND ${visibleTo(viewer, 'c')})
  OR EXISTS (SELECT 1 FROM track_artists ta JOIN files f ON f.file_id = ta.file_id
    JOIN collections c ON c.collection_id = f.collection_id
    WHERE ta.artist_id = ${sql.ref(ref)} AND ${visibleTo(viewer, 'c')}))`;

const toStarred = (rows: { id: number; at: string }[]): Starred[] =>
  rows.map((r) => ({ id: Number(r.id), at: r.at }));

/**
 * Stars of albums (collections) and artists. Song stars are likes: they live in the user's
 * liked playlist, read here only for their times (when the song was liked).
 */
export class StarsRepository {
  constructor(private readonly db: Db) {}

  async add(userId: number, kind: StarKind, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const created_at = nowIso();
    await this.db
      .insertInto('stars')
      .values(ids.map((item_id) => ({ user_id: userId, kind, item_id, created_at })))
      // Starring twice keeps the first time, as a repeated like does.
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'item_id']).doNothing())
      .execute();
  }

  async remove(userId: number, kind: StarKind, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .deleteFrom('stars')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('item_id', 'in', ids)
      .execute();
  }

  /** When each of these items was starred by the user (absent: not starred). */
  async starredAmong(userId: number, kind: StarKind, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('stars')
      .select(['item_id', 'created_at'])
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('item_id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [Number(r.item_id), r.created_at]));
  }

  /** Starred collections the viewer may still see, last starred first. */
  async starredAlbums(userId: number, viewer: Visibility): Promise<Starred[]> {
    const result = await sql<{ id: number; at: string }>`SELECT s.item_id AS id,
        s.created_at AS at
      FROM stars s JOIN collections c ON c.collection_id = s.item_id
      WHERE s.user_id = ${userId} AND s.kind = 'album' AND ${visibleTo(viewer, 'c')}
      ORDER BY s.created_at DESC, s.item_id`.execute(this.db);
    return toStarred(result.rows);
  }

  /** Starred artists credited on a collection the viewer may see, last starred first. */
  async starredArtists(userId: number, viewer: Visibility): Promise<Starred[]> {
    const result = await sql<{ id: number; at: string }>`SELECT s.item_id AS id,
        s.created_at AS at
      FROM stars s
      WHERE s.user_id = ${userId} AND s.kind = 'artist'
        AND ${artistVisible('s.item_id', viewer)}
      ORDER BY s.created_at DESC, s.item_id`.execute(this.db);
    return toStarred(result.rows);
  }

  /** Songs of the liked playlist the viewer may see, with the time each was liked. */
  async likedSongs(likedPlaylist: number, viewer: Visibility): Promise<Starred[]> {
    const result = await sql<{ id: number; at: string }>`SELECT pf.file_id AS id,
        pf.added_at AS at
      FROM playlist_files pf
      JOIN files f ON f.file_id = pf.file_id
      JOIN audio a ON a.file_id = pf.file_id
      JOIN collections c ON c.collection_id = f.collection_id
      WHERE pf.playlist_id = ${likedPlaylist} AND ${visibleTo(viewer, 'c')}
      ORDER BY pf.added_at DESC, pf.position DESC, pf.file_id`.execute(this.db);
    return toStarred(result.rows);
  }

  /** When each of these files was liked (absent: not liked). */
  async likedAmong(likedPlaylist: number, fileIds: number[]): Promise<Map<number, string>> {
    if (fileIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('playlist_files')
      .select(['file_id', 'added_at'])
      .where('playlist_id', '=', likedPlaylist)
      .where('file_id', 'in', fileIds)
      .execute();
    return new Map(rows.map((r) => [Number(r.file_id), r.added_at]));
  }

  /**
   * Which of these artists the viewer may see: those credited (album artist or on a track) on a
   * collection visible to them, like the artist page.
   */
  async visibleArtistIds(ids: number[], viewer: Visibility): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const result = await sql<{ artist_id: number }>`SELECT ar.artist_id FROM artists ar
      WHERE ar.artist_id IN (${sql.join(ids)})
        AND ${artistVisible('ar.artist_id', viewer)}`.execute(this.db);
    return new Set(result.rows.map((r) => Number(r.artist_id)));
  }
}
