import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { visibleTo, type Visibility } from '../../access/collections';

export class ImagesRepository {
  constructor(private readonly db: Db) {}

  /**
   * The cover of a collection the viewer may see (null: it has none); undefined when the
   * collection is unknown or hidden from them.
   */
  async collectionCover(
    collectionId: number,
    viewer: Visibility,
  ): Promise<string | null | undefined> {
    const row = await this.db
      .selectFrom('collections as c')
      .select('c.image_hash')
      .where('c.collection_id', '=', collectionId)
      .where(visibleTo(viewer, 'c'))
      .executeTakeFirst();
    return row && row.image_hash;
  }

  /** The cover of a file's collection, read like collectionCover. */
  async fileCollectionCover(
    fileId: number,
    viewer: Visibility,
  ): Promise<string | null | undefined> {
    const row = await this.db
      .selectFrom('files as f')
      .innerJoin('collections as c', 'c.collection_id', 'f.collection_id')
      .select('c.image_hash')
      .where('f.file_id', '=', fileId)
      .where(visibleTo(viewer, 'c'))
      .executeTakeFirst();
    return row && row.image_hash;
  }

  /**
   * The image's type, when the caller may see it: it is the cover of a collection or a file of
   * a collection they may see, or no collection uses it at all. An image only hidden or
   * blacklisted collections use answers null, like an unknown one.
   */
  async visibleMime(hash: string, caller: Visibility): Promise<string | null> {
    const visible = visibleTo(caller, 'c');
    const result = await sql<{ mime: string }>`SELECT i.mime FROM images i
      WHERE i.image_hash = ${hash} AND (
        EXISTS (SELECT 1 FROM collections c WHERE c.image_hash = i.image_hash AND ${visible})
        OR EXISTS (SELECT 1 FROM files f JOIN collections c ON c.collection_id = f.collection_id
          WHERE f.image_hash = i.image_hash AND ${visible})
        OR NOT (
          EXISTS (SELECT 1 FROM collections c WHERE c.image_hash = i.image_hash)
          OR EXISTS (SELECT 1 FROM files f WHERE f.image_hash = i.image_hash)))`.execute(this.db);
    return result.rows[0]?.mime ?? null;
  }
}
