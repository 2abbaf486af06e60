import { sql } from 'kysely';
import type { Artist } from '../../../domain/artist';
import type { Collection } from '../../../domain/collection';
import { visibleTo, type Visibility } from '../../access/collections';
import { nowIso, type Db } from '../../db/database';
import { collectionColumns, toWireCollection, type CollectionWireRow } from '../catalogue';

/** The kinds the `stars` table holds; a starred song is a like (the liked playlist). */
export type StarKind = 'album' | 'artist';
/** The kinds the `ratings` table holds. */
export type RatingKind = 'song' | 'album' | 'artist';

/** An item with the time it was starred (or, for a song, liked). */
export interface Starred {
  id: number;
  at: string;
}

/** A starred collection or artist in its wire shape, with when it was starred. */
export interface StarredItem<T> {
  item: T;
  at: string;
}

type StarredCollectionRow = CollectionWireRow & { starred_at: string; unlocked: number };

interface StarredArtistRow {
  artist_id: number;
  name: string;
  sort_name: string | null;
  mbid: string | null;
  starred_at: string;
}

export interface RatingRow {
  kind: RatingKind;
  item_id: number;
  rating: number;
}

const COLLECTION_COLUMNS = sql.raw(collectionColumns('c'));

/**
 * An artist is seen through the collections crediting them (album artist or on a track), like
 * the artist page: the access rule's SQL twin applied to each of those collections.
 */
const artistVisible = (ref: string, viewer: Visibility) => sql<boolean>`(EXISTS (
    SELECT 1 FROM collection_artists ca JOIN collections c ON c.collection_id = ca.collection_id
    WHERE ca.artist_id = ${sql.ref(ref)} AND ${visibleTo(viewer, 'c')})
  OR EXISTS (SELECT 1 FROM track_artists ta JOIN files f ON f.file_id = ta.file_id
    JOIN collections c ON c.collection_id = f.collection_id
    WHERE ta.artist_id = ${sql.ref(ref)} AND ${visibleTo(viewer, 'c')}))`;

/** A file is seen through its collection; only audio files are songs. */
const audioVisible = (ref: string, viewer: Visibility) => sql<boolean>`EXISTS (
    SELECT 1 FROM files f JOIN audio a ON a.file_id = f.file_id
    JOIN collections c ON c.collection_id = f.collection_id
    WHERE f.file_id = ${sql.ref(ref)} AND ${visibleTo(viewer, 'c')} AND f.missing_since IS NULL)`;

const collectionVisible = (ref: string, viewer: Visibility) => sql<boolean>`EXISTS (
    SELECT 1 FROM collections c WHERE c.collection_id = ${sql.ref(ref)}
      AND ${visibleTo(viewer, 'c')})`;

const idSet = (rows: { id: number }[]): Set<number> => new Set(rows.map((r) => Number(r.id)));

/**
 * Stars of albums (collections) and artists, and the times of likes. Song stars are likes: they
 * live in the user's liked playlist (changed through the playlists service), read here only
 * for when each song was liked.
 */
export class StarsRepository {
  constructor(private readonly db: Db) {}

  async add(userId: number, kind: StarKind, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const created_at = nowIso();
    await this.db
      .insertInto('stars')
      .values(ids.map((item_id) => ({ user_id: userId, kind, item_id, created_at })))
      // Starring twice keeps the first time, as a repeated like does.
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'item_id']).doNothing())
      .execute();
  }

  async remove(userId: number, kind: StarKind, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .deleteFrom('stars')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('item_id', 'in', [...ids])
      .execute();
  }

  /** When each of these items was starred by the user (absent: not starred). */
  async starredAmong(
    userId: number,
    kind: StarKind,
    ids: readonly number[],
  ): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('stars')
      .select(['item_id', 'created_at'])
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('item_id', 'in', [...ids])
      .execute();
    return new Map(rows.map((r) => [Number(r.item_id), r.created_at]));
  }

  /** When each of these files was liked (absent: not liked). */
  async likedAmong(likedPlaylist: number, fileIds: readonly number[]) {
    if (fileIds.length === 0) return new Map<number, string>();
    const rows = await this.db
      .selectFrom('playlist_files')
      .select(['file_id', 'added_at'])
      .where('playlist_id', '=', likedPlaylist)
      .where('file_id', 'in', [...fileIds])
      .execute();
    return new Map(rows.map((r) => [Number(r.file_id), r.added_at]));
  }

  /** Songs of the liked playlist the viewer may see, with the time each was liked, newest first. */
  async likedSongs(likedPlaylist: number, viewer: Visibility): Promise<Starred[]> {
    const result = await sql<Starred>`SELECT pf.file_id AS id, pf.added_at AS at
      FROM playlist_files pf
      JOIN files f ON f.file_id = pf.file_id
      JOIN audio a ON a.file_id = pf.file_id
      JOIN collections c ON c.collection_id = f.collection_id
      WHERE pf.playlist_id = ${likedPlaylist} AND ${visibleTo(viewer, 'c')}
        AND f.missing_since IS NULL
      ORDER BY pf.added_at DESC, pf.position DESC, pf.file_id`.execute(this.db);
    return result.rows.map((r) => ({ id: Number(r.id), at: r.at }));
  }

  /** Starred collections the viewer may still see, last starred first. */
  async starredCollections(userId: number, viewer: Visibility): Promise<StarredItem<Collection>[]> {
    const result = await sql<StarredCollectionRow>`SELECT ${COLLECTION_COLUMNS},
        s.created_at AS starred_at,
        CASE WHEN EXISTS (SELECT 1 FROM unlocked_collections u
          WHERE u.user_id = s.user_id AND u.collection_id = c.collection_id) THEN 1 ELSE 0 END
          AS unlocked
      FROM stars s JOIN collections c ON c.collection_id = s.item_id
      WHERE s.user_id = ${userId} AND s.kind = 'album' AND ${visibleTo(viewer, 'c')}
      ORDER BY s.created_at DESC, s.item_id`.execute(this.db);
    return result.rows.map((row) => ({
      item: toWireCollection(row, Number(row.unlocked) === 1 ? userId : null),
      at: row.starred_at,
    }));
  }

  /** Starred artists credited on a collection the viewer may see, last starred first. */
  async starredArtists(userId: number, viewer: Visibility): Promise<StarredItem<Artist>[]> {
    const result = await sql<StarredArtistRow>`SELECT ar.artist_id, ar.name, ar.sort_name,
        ar.mbid, s.created_at AS starred_at
      FROM stars s JOIN artists ar ON ar.artist_id = s.item_id
      WHERE s.user_id = ${userId} AND s.kind = 'artist'
        AND ${artistVisible('s.item_id', viewer)}
      ORDER BY s.created_at DESC, s.item_id`.execute(this.db);
    return result.rows.map((row) => ({
      item: {
        artistId: Number(row.artist_id),
        artistName: row.name,
        artistSortName: row.sort_name,
        artistMbid: row.mbid,
      },
      at: row.starred_at,
    }));
  }
}

/** Which ids name something the viewer may see; the one lookup behind every annotation change. */
export class AnnotatedItemsRepository {
  constructor(private readonly db: Db) {}

  /** Audio files in a collection the viewer may see (what a song id may name). */
  async visibleAudio(ids: readonly number[], viewer: Visibility): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const result = await sql<{ id: number }>`SELECT song.file_id AS id FROM files song
      WHERE song.file_id IN (${sql.join([...ids])})
        AND ${audioVisible('song.file_id', viewer)}`.execute(this.db);
    return idSet(result.rows);
  }

  async visibleCollections(ids: readonly number[], viewer: Visibility): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const result = await sql<{ id: number }>`SELECT c.collection_id AS id FROM collections c
      WHERE c.collection_id IN (${sql.join([...ids])})
        AND ${visibleTo(viewer, 'c')}`.execute(this.db);
    return idSet(result.rows);
  }

  /** Artists credited (album artist or on a track) on a collection the viewer may see. */
  async visibleArtists(ids: readonly number[], viewer: Visibility): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const result = await sql<{ id: number }>`SELECT ar.artist_id AS id FROM artists ar
      WHERE ar.artist_id IN (${sql.join([...ids])})
        AND ${artistVisible('ar.artist_id', viewer)}`.execute(this.db);
    return idSet(result.rows);
  }
}

/** A user's 1 to 5 ratings; no row means not rated. */
export class RatingsRepository {
  constructor(private readonly db: Db) {}

  async set(userId: number, kind: RatingKind, itemId: number, rating: number): Promise<void> {
    await this.db
      .insertInto('ratings')
      .values({ user_id: userId, kind, item_id: itemId, rating })
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'item_id']).doUpdateSet({ rating }))
      .execute();
  }

  async remove(userId: number, kind: RatingKind, itemId: number): Promise<void> {
    await this.db
      .deleteFrom('ratings')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('item_id', '=', itemId)
      .execute();
  }

  /** The user's ratings of these items (absent: not rated). */
  async among(
    userId: number,
    kind: RatingKind,
    ids: readonly number[],
  ): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('ratings')
      .select(['item_id', 'rating'])
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('item_id', 'in', [...ids])
      .execute();
    return new Map(rows.map((r) => [Number(r.item_id), Number(r.rating)]));
  }

  /** Every rating of the user of something the viewer may still see, by kind then id. */
  async visibleOf(userId: number, viewer: Visibility): Promise<RatingRow[]> {
    const result = await sql<RatingRow>`SELECT r.kind, r.item_id, r.rating FROM ratings r
      WHERE r.user_id = ${userId} AND (
        (r.kind = 'song' AND ${audioVisible('r.item_id', viewer)})
        OR (r.kind = 'album' AND ${collectionVisible('r.item_id', viewer)})
        OR (r.kind = 'artist' AND ${artistVisible('r.item_id', viewer)}))
      ORDER BY r.kind, r.item_id`.execute(this.db);
    return result.rows.map((r) => ({
      kind: r.kind,
      item_id: Number(r.item_id),
      rating: Number(r.rating),
    }));
  }
}
