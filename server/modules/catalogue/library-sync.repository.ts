import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { visibleTo, visibleWhileWalking, type Visibility } from '../../access/collections';
import type { Db } from '../../db/database';
import { trackOrderSql } from './collection-mapper';
import { SONG_COLUMNS, SONG_FROM, type LibrarySongRow } from './library-items.repository';

/** What the sync pages by id besides songs (syncSongs reads songs with their rows). */
export type SyncKind = 'album' | 'artist';

const TRACK_ORDER = sql.raw(trackOrderSql('a', 'f'));

/**
 * The whole visible library in id order, for search3/search2 with an empty query (how apps
 * sync): albums by collection id, artists by artist id (songs by file id: syncSongs). Ids are the primary
 * keys, so a page that continues after the last id served is an index seek at any depth.
 */
function syncQuery(kind: SyncKind, viewer: Visibility, after: RawBuilder<SqlBool>) {
  switch (kind) {
    case 'album':
      return sql<{ id: number }>`SELECT c.collection_id AS id FROM collections c
        WHERE ${after} AND ${visibleWhileWalking(viewer, 'c')} ORDER BY c.collection_id`;
    case 'artist':
      return sql<{ id: number }>`SELECT ar.artist_id AS id FROM artists ar
        WHERE ${after} AND (EXISTS (SELECT 1 FROM collection_artists ca
            JOIN collections c ON c.collection_id = ca.collection_id
            WHERE ca.artist_id = ar.artist_id AND ${visibleTo(viewer, 'c')})
          OR EXISTS (SELECT 1 FROM track_artists ta JOIN files tf ON tf.file_id = ta.file_id
            JOIN collections c ON c.collection_id = tf.collection_id
            WHERE ta.artist_id = ar.artist_id AND ${visibleTo(viewer, 'c')}))
        ORDER BY ar.artist_id`;
  }
}

const ID_COLUMN = { album: 'c.collection_id', artist: 'ar.artist_id' } as const;

/**
 * The whole visible library page by page (how apps sync), and the songs of collections a text
 * search found.
 */
export class LibrarySyncRepository {
  constructor(private readonly db: Db) {}

  /** The next `limit` ids after `lastId` (a page continuing the previous one). */
  async syncIdsAfter(
    kind: SyncKind,
    lastId: number,
    limit: number,
    viewer: Visibility,
  ): Promise<number[]> {
    const after = sql<SqlBool>`${sql.ref(ID_COLUMN[kind])} > ${lastId}`;
    const result = await sql<{ id: number }>`${syncQuery(kind, viewer, after)}
      LIMIT ${limit}`.execute(this.db);
    return result.rows.map((r) => Number(r.id));
  }

  /** A page by its offset, for a page not continuing one served before. */
  async syncIdsAt(
    kind: SyncKind,
    offset: number,
    limit: number,
    viewer: Visibility,
  ): Promise<number[]> {
    const result = await sql<{ id: number }>`${syncQuery(kind, viewer, sql<SqlBool>`1 = 1`)}
      LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
    return result.rows.map((r) => Number(r.id));
  }

  /**
   * Songs of the sync with their rows in one read (the ids would be read again otherwise):
   * after `lastId` when continuing a page, else by OFFSET.
   */
  async syncSongs(
    at: { after?: number; offset: number; limit: number },
    viewer: Visibility,
  ): Promise<LibrarySongRow[]> {
    // On the audio side too: PostgreSQL does not carry a range across the join, and merged
    // the page with audio read from its first row.
    const after =
      at.after === undefined
        ? sql<SqlBool>`1 = 1`
        : sql<SqlBool>`f.file_id > ${at.after} AND a.file_id > ${at.after}`;
    const result = await sql<LibrarySongRow>`SELECT ${SONG_COLUMNS} FROM ${SONG_FROM}
      WHERE ${after} AND ${visibleWhileWalking(viewer, 'c')}
      ORDER BY f.file_id LIMIT ${at.limit} OFFSET ${at.after === undefined ? at.offset : 0}`.execute(
      this.db,
    );
    return result.rows;
  }

  /** The songs of these collections (visible ones only), collection by collection in order. */
  async songsOfCollections(collectionIds: number[], viewer: Visibility): Promise<LibrarySongRow[]> {
    if (collectionIds.length === 0) return [];
    const result = await sql<LibrarySongRow>`SELECT ${SONG_COLUMNS} FROM ${SONG_FROM}
      WHERE f.collection_id IN (${sql.join(collectionIds)}) AND ${visibleTo(viewer, 'c')}
      ORDER BY f.collection_id, ${TRACK_ORDER}`.execute(this.db);
    return result.rows;
  }
}
