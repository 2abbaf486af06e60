import type { Db } from '../../db/database';

export class TasksRepository {
  constructor(private readonly db: Db) {}

  /** Every genre the library's audio tags name, one spelling per folded key, sorted. */
  async listLibraryGenres(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('collection_terms')
      .select(['value_key', (eb) => eb.fn.min('value').as('value')])
      .where('kind', '=', 'genre')
      .groupBy('value_key')
      .execute();
    return rows.map((row) => row.value).sort((a, b) => a.localeCompare(b));
  }
}
