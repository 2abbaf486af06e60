import type { Db } from '../../db/database';

/** File rows by where they point: the storage migration moves them from paths to keys. */
export class StoredPathsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Up to `limit` rows after `afterId` (file id order) whose path starts with `prefix`: a
   * cursor, so rows already moved (now keys, no longer matching) are never read twice.
   */
  filesUnder(
    prefix: string,
    afterId: number,
    limit: number,
  ): Promise<Array<{ fileId: number; path: string; size: number }>> {
    return (
      this.db
        .selectFrom('files')
        .select(['file_id as fileId', 'path', 'size'])
        .where('file_id', '>', afterId)
        // Compared by prefix rather than LIKE: folder names may hold % and _.
        .where((eb) => eb(eb.fn('substr', ['path', eb.val(1), eb.val(prefix.length)]), '=', prefix))
        .orderBy('file_id')
        .limit(limit)
        .execute()
    );
  }

  /** Rows holding a path on this machine rather than a storage key. */
  async countAbsolutePaths(): Promise<number> {
    const row = await this.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('path', 'like', '/%')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Points a row at its new place; only when it still points at the old one (no lost edit). */
  async movePath(fileId: number, from: string, to: string): Promise<boolean> {
    const result = await this.db
      .updateTable('files')
      .set({ path: to })
      .where('file_id', '=', fileId)
      .where('path', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
