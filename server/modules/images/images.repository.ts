import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { visibleTo, type Visibility } from '../../access/collections';

export class ImagesRepository {
  constructor(private readonly db: Db) {}

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
