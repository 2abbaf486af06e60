import { sql } from 'kysely';
import { visibleTo, type Visibility } from '../../access/collections';
import type { Db } from '../../db/database';
import { collectionColumns, type CollectionWireRow } from '../catalogue';

const COLUMNS = sql.raw(collectionColumns('c'));

export class UnlockedRepository {
  constructor(private readonly db: Db) {}

  /**
   * A page of the collections a user has unlocked, newest unlock first, limited to what the
   * viewer may see (an administrator sees all; a user never gets back what their role hides).
   */
  async unlockedPage(
    userId: number,
    viewer: Visibility,
    page: { offset: number; limit: number },
  ): Promise<CollectionWireRow[]> {
    const result = await sql<CollectionWireRow>`SELECT ${COLUMNS}
    FROM unlocked_collections u JOIN collections c ON c.collection_id = u.collection_id
    WHERE u.user_id = ${userId} AND ${visibleTo(viewer, 'c')}
    ORDER BY u.created_at DESC, c.collection_id DESC
    LIMIT ${page.limit} OFFSET ${page.offset}`.execute(this.db);
    return result.rows;
  }
}
