import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import {
  collectionColumns,
  FILE_WITH_AUDIO_COLUMNS,
  type CollectionWireRow,
  trackOrderSql,
  type FileWithAudioRow,
} from './collection-mapper';
import { visibleTo, type Visibility } from '../../access/collections';

const COLUMNS = sql.raw(collectionColumns('c'));
const TRACK_ORDER = sql.raw(trackOrderSql('a', 'f'));

/** Reads of collections, files and unlocks for the catalogue calls and the homepage. */
export class CatalogueReadRepository {
  constructor(private readonly db: Db) {}

  async collectionsByIds(ids: number[], viewer: Visibility): Promise<CollectionWireRow[]> {
    if (ids.length === 0) return [];
    const result = await sql<CollectionWireRow>`SELECT ${COLUMNS} FROM collections c
      WHERE c.collection_id IN (${sql.join(ids)}) AND ${visibleTo(viewer, 'c')}`.execute(this.db);
    return result.rows;
  }

  async collectionExists(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('collections')
      .select('collection_id')
      .where('collection_id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Files of these collections in track order (disc, track, path); audio-less on request. */
  async filesOf(collectionIds: number[], withNonAudio: boolean): Promise<FileWithAudioRow[]> {
    if (collectionIds.length === 0) return [];
    const audioOnly = withNonAudio ? sql<SqlBool>`1 = 1` : sql<SqlBool>`a.file_id IS NOT NULL`;
    const result = await sql<FileWithAudioRow>`SELECT ${sql.raw(FILE_WITH_AUDIO_COLUMNS)}
      FROM files f LEFT JOIN audio a ON a.file_id = f.file_id
      WHERE f.collection_id IN (${sql.join(collectionIds)}) AND ${audioOnly}
        AND f.missing_since IS NULL
      ORDER BY f.collection_id, ${TRACK_ORDER}`.execute(this.db);
    return result.rows;
  }

  /** Where these files lie on the server, by file id (for the missing-file check). */
  async pathsOf(fileIds: number[]): Promise<Map<number, string>> {
    if (fileIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('files')
      .select(['file_id', 'path'])
      .where('file_id', 'in', fileIds)
      .execute();
    return new Map(rows.map((r) => [Number(r.file_id), r.path]));
  }

  /** Which of these collections the user has unlocked (one query for a whole page). */
  async unlockedAmong(userId: number, collectionIds: number[]): Promise<Set<number>> {
    if (collectionIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('unlocked_collections')
      .select('collection_id')
      .where('user_id', '=', userId)
      .where('collection_id', 'in', collectionIds)
      .execute();
    return new Set(rows.map((r) => Number(r.collection_id)));
  }

  findUnlock(userId: number, collectionId: number) {
    return this.db
      .selectFrom('unlocked_collections')
      .select(['transcode'])
      .where('user_id', '=', userId)
      .where('collection_id', '=', collectionId)
      .executeTakeFirst();
  }

  /** Newest visible collections carrying the tag (folded), for a homepage row. */
  /**
   * A homepage row. EXISTS, not IN: the newest collections are read off collections_added and
   * each is probed in the terms' key, stopping at `limit`; IN built the tag's whole list (some
   * 8,000 of 100,000 collections) and sorted it, 65-115 ms a row on the 1,000,000-file bench.
   */
  async newestWithTag(tagKey: string, viewer: Visibility, limit: number) {
    const result = await sql<CollectionWireRow>`SELECT ${COLUMNS} FROM collections c
      WHERE EXISTS (SELECT 1 FROM collection_terms t WHERE t.kind = 'tag'
        AND t.value_key = ${tagKey} AND t.collection_id = c.collection_id)
        AND ${visibleTo(viewer, 'c')}
      ORDER BY c.added_at DESC, c.collection_id DESC LIMIT ${limit}`.execute(this.db);
    return result.rows;
  }

  async mostPopular(viewer: Visibility, limit: number): Promise<CollectionWireRow[]> {
    const result = await sql<CollectionWireRow>`SELECT ${COLUMNS} FROM collections c
      WHERE ${visibleTo(viewer, 'c')}
      ORDER BY c.download_count + c.play_count DESC, c.collection_id DESC
      LIMIT ${limit}`.execute(this.db);
    return result.rows;
  }

  async newest(viewer: Visibility, excludeIds: number[], limit: number) {
    const exclude = excludeIds.length
      ? sql<SqlBool>`c.collection_id NOT IN (${sql.join(excludeIds)})`
      : sql<SqlBool>`1 = 1`;
    const result = await sql<CollectionWireRow>`SELECT ${COLUMNS} FROM collections c
      WHERE ${exclude} AND ${visibleTo(viewer, 'c')}
      ORDER BY c.added_at DESC, c.collection_id DESC LIMIT ${limit}`.execute(this.db);
    return result.rows;
  }

  /**
   * Visible collections sharing artists (3 points each), the label (2) or genres (1) with the
   * given one, best first; never the collection itself.
   */
  async relatedIds(collectionId: number, viewer: Visibility, limit: number): Promise<number[]> {
    const result = await sql<{ collection_id: number }>`SELECT t.collection_id,
        SUM(CASE t.kind WHEN 'artist' THEN 3 WHEN 'label' THEN 2 ELSE 1 END) AS score
      FROM collection_terms s
      JOIN collection_terms t ON t.kind = s.kind AND t.value_key = s.value_key
      JOIN collections c ON c.collection_id = t.collection_id
      WHERE s.collection_id = ${collectionId} AND s.kind IN ('artist', 'label', 'genre')
        AND t.collection_id <> ${collectionId} AND ${visibleTo(viewer, 'c')}
      GROUP BY t.collection_id
      ORDER BY score DESC, t.collection_id DESC LIMIT ${limit}`.execute(this.db);
    return result.rows.map((r) => Number(r.collection_id));
  }
}
