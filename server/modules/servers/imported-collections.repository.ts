import type { Db } from '../../db/database';

/** The two lookups the download import needs beyond the library import itself. */
export class ImportedCollectionsRepository {
  constructor(private readonly db: Db) {}

  /** The collection a file path already belongs to (a download imported before a restart). */
  async collectionOfPath(filePath: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('files')
      .select('collection_id')
      .where('path', '=', filePath)
      .executeTakeFirst();
    return row?.collection_id ?? null;
  }

  /** Files without album tags name their collection after the folder; a download's name is better. */
  async renameIfNamed(collectionId: number, folderNames: string[], name: string): Promise<void> {
    await this.db
      .updateTable('collections')
      .set({ name })
      .where('collection_id', '=', collectionId)
      .where('name', 'in', folderNames)
      .execute();
  }
}
