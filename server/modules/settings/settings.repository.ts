import type { Db } from '../../db/database';

export class SettingsRepository {
  constructor(private readonly db: Db) {}

  /** Settings are rows of key and JSON value, so adding a setting needs no migration. */
  async readSettingRows(): Promise<Map<string, unknown>> {
    const rows = await this.db.selectFrom('settings').select(['key', 'value']).execute();
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

  async writeSettings(values: Record<string, unknown>): Promise<void> {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) continue;
      const text = JSON.stringify(value);
      await this.db
        .insertInto('settings')
        .values({ key, value: text })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: text }))
        .execute();
    }
  }

  /** Inserts only the keys that are missing (seed). */
  async insertMissingSettings(values: Record<string, unknown>): Promise<void> {
    for (const [key, value] of Object.entries(values)) {
      await this.db
        .insertInto('settings')
        .values({ key, value: JSON.stringify(value) })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    }
  }
}
