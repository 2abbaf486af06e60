import { nowIso, type Db } from '../../db/database';
import type { LibraryRow } from '../../db/catalogue-tables';

/** The libraries table (migration 0025): the folders the server follows. */
export class LibrariesRepository {
  constructor(private readonly db: Db) {}

  /** The libraries in use (not removed), MUSIC_DIR's first, then in the order they were added. */
  active(): Promise<LibraryRow[]> {
    return this.db
      .selectFrom('libraries')
      .selectAll()
      .where('removed_at', 'is', null)
      .orderBy('from_config', 'desc')
      .orderBy('library_id')
      .execute();
  }

  find(libraryId: number): Promise<LibraryRow | undefined> {
    return this.db
      .selectFrom('libraries')
      .selectAll()
      .where('library_id', '=', libraryId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
  }

  /** A library by its folder, removed ones too (adding a removed folder again restores it). */
  findByPath(path: string): Promise<LibraryRow | undefined> {
    return this.db.selectFrom('libraries').selectAll().where('path', '=', path).executeTakeFirst();
  }

  /** The MUSIC_DIR library, if there is one. */
  configured(): Promise<LibraryRow | undefined> {
    return this.db
      .selectFrom('libraries')
      .selectAll()
      .where('from_config', '=', 1)
      .orderBy('library_id')
      .executeTakeFirst();
  }

  async insert(values: { name: string; path: string; fromConfig: boolean }): Promise<LibraryRow> {
    return this.db
      .insertInto('libraries')
      .values({
        name: values.name,
        path: values.path,
        from_config: values.fromConfig ? 1 : 0,
        created_at: nowIso(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A removed library in use again; false when another request revived it first. */
  async revive(libraryId: number, name: string): Promise<boolean> {
    const result = await this.db
      .updateTable('libraries')
      .set({ name, removed_at: null })
      .where('library_id', '=', libraryId)
      .where('removed_at', 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async update(
    libraryId: number,
    values: { name?: string; path?: string; removedAt?: string | null; fromConfig?: boolean },
  ): Promise<void> {
    await this.db
      .updateTable('libraries')
      .set({
        ...(values.name === undefined ? {} : { name: values.name }),
        ...(values.path === undefined ? {} : { path: values.path }),
        ...(values.removedAt === undefined ? {} : { removed_at: values.removedAt }),
        ...(values.fromConfig === undefined ? {} : { from_config: values.fromConfig ? 1 : 0 }),
      })
      .where('library_id', '=', libraryId)
      .execute();
  }
}
