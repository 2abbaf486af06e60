import type { Db } from '../../db/database';

/** Settings are rows of key and JSON value, so adding a setting needs no migration. */
export async function readSettingRows(db: Db): Promise<Map<string, unknown>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  const map = new Map<string, unknown>();
  for (const row of rows) {
    try {
      map.set(row.key, JSON.parse(row.value));
    } catch {
      // A hand-edited, broken value falls back to the default.
    }
  }
  return map;
}

export async function writeSettings(db: Db, values: Record<string, unknown>): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const text = JSON.stringify(value);
    await db
      .insertInto('settings')
      .values({ key, value: text })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: text }))
      .execute();
  }
}

/** Inserts only the keys that are missing (seed). */
export async function insertMissingSettings(
  db: Db,
  values: Record<string, unknown>,
): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    await db
      .insertInto('settings')
      .values({ key, value: JSON.stringify(value) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
}
