import type { Db } from '../../db/database';

/** Every genre the library's audio tags name, one spelling per folded key, sorted. */
export async function listLibraryGenres(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('collection_terms')
    .select(['value_key', (eb) => eb.fn.min('value').as('value')])
    .where('kind', '=', 'genre')
    .groupBy('value_key')
    .execute();
  return rows.map((row) => row.value).sort((a, b) => a.localeCompare(b));
}
