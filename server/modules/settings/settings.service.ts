import {
  LOCAL_SERVER_ID,
  PublicSettingsSchema,
  SettingsSchema,
  type PublicSettings,
  type Settings,
  type SettingsUpdate,
} from '../../../domain/settings';
import type { Db } from '../../db/database';
import { BadRequest } from '../../errors';
import { findRole } from '../roles/roles.repository';
import { DEFAULT_SETTINGS } from './settings.defaults';
import { readSettingRows, writeSettings } from './settings.repository';

/** Settings are read from the database on every call so a change takes effect at once. */
export class SettingsService {
  constructor(private readonly db: Db) {}

  async get(): Promise<Settings> {
    const stored = await readSettingRows(this.db);
    const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS, defaultRoleId: 0 };
    for (const key of Object.keys(SettingsSchema.shape)) {
      if (!stored.has(key)) continue;
      const candidate = SettingsSchema.shape[key as keyof Settings].safeParse(stored.get(key));
      if (candidate.success) merged[key] = candidate.data;
    }
    return SettingsSchema.parse(merged);
  }

  async getPublic(): Promise<PublicSettings> {
    return PublicSettingsSchema.parse(await this.get());
  }

  async update(update: SettingsUpdate): Promise<Settings> {
    if (update.defaultRoleId !== undefined) {
      const role = await findRole(this.db, update.defaultRoleId);
      if (role === undefined) throw new BadRequest('defaultRoleId: no role has this id');
    }
    // Until downloader nodes can be registered, the built-in server is the only one there is.
    if (
      update.defaultServer !== undefined &&
      update.defaultServer !== null &&
      update.defaultServer !== LOCAL_SERVER_ID
    ) {
      throw new BadRequest('defaultServer: no server has this id');
    }
    await writeSettings(this.db, update);
    return this.get();
  }
}
