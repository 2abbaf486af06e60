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
import { RolesRepository } from '../roles';
import { DEFAULT_SETTINGS } from './settings.defaults';
import { SettingsRepository } from './settings.repository';

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  roles: RolesRepository;
  settings: SettingsRepository;
}

/** Settings are read from the database on every call so a change takes effect at once. */
export class SettingsService {
  private readonly settings: SettingsRepository;

  constructor(
    private readonly db: Db,
    private readonly repos: Repositories,
  ) {
    this.settings = this.repos.settings;
  }

  async get(): Promise<Settings> {
    const stored = await this.settings.readSettingRows();
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
      const role = await this.repos.roles.findRole(update.defaultRoleId);
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
    await this.settings.writeSettings(update);
    return this.get();
  }
}
