import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { nowIso, type Db } from '../db/database';
import { RolesRepository } from '../modules/roles/roles.repository';
import { DEFAULT_SETTINGS } from '../modules/settings/settings.defaults';
import { SettingsRepository } from '../modules/settings/settings.repository';
import { UsersRepository } from '../modules/users/users.repository';
import { hashPassword } from '../security/passwords';

export interface SeedResult {
  adminCreated: boolean;
  /** Present only when the admin was created now, so main can print it once. */
  adminPassword?: string;
}

const MEMBER = {
  role_name: 'Member',
  speed_limit: null,
  download_limit: 50,
  request_limit: 5,
  can_upload: 0,
  transcode: 0,
  vip: 0,
  download_paid: 0,
  enable_browse: 1,
  enable_requests: 1,
  enable_store: 1,
  blacklisted_tags: '[]',
};
const ADMINISTRATOR = {
  ...MEMBER,
  role_name: 'Administrator',
  download_limit: null,
  request_limit: null,
  can_upload: 1,
  transcode: 1,
  vip: 1,
  download_paid: 1,
};

/**
 * The first start's rows (roles, settings, the administrator), part of the composition root
 * because it writes three modules' tables in one transaction before any service exists.
 * Adds only what is missing, in one transaction, so it is safe on every start.
 * An existing admin keeps its stored password even when ADMIN_PASSWORD changes:
 * the variable seeds a fresh install, it never resets a live one.
 */
export async function seed(
  db: Db,
  config: Pick<Config, 'adminUser' | 'adminPassword'>,
): Promise<SeedResult> {
  // Hash outside the transaction: argon2 is slow and SQLite holds a write lock meanwhile.
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const users = new UsersRepository(trx);
    const roles = new RolesRepository(trx);

    const member = (await roles.findRoleByName('Member')) ?? (await roles.insertRole(MEMBER));
    const admin =
      (await roles.findRoleByName('Administrator')) ?? (await roles.insertRole(ADMINISTRATOR));
    await new SettingsRepository(trx).insertMissingSettings({
      ...DEFAULT_SETTINGS,
      defaultRoleId: member.role_id,
    });

    if ((await users.findUserByName(config.adminUser)) !== undefined)
      return { adminCreated: false };
    const now = nowIso();
    await users.insertUserWithLikedPlaylist({
      user_name: config.adminUser,
      user_name_lower: config.adminUser.toLowerCase(),
      email: 'admin@localhost',
      email_lower: 'admin@localhost',
      password_hash: passwordHash,
      full_name: null,
      age: null,
      gender: 0.5,
      country: null,
      socials: '{}',
      email_confirmed: 1,
      email_marketing: 0,
      remaining_downloads: admin.download_limit,
      remaining_requests: admin.request_limit,
      remaining_invites: 0,
      role_id: admin.role_id,
      role_expiration: null,
      balance: 0,
      register_time: now,
      last_login_time: null,
      last_login_ip: null,
      register_ip: null,
      is_banned: 0,
      is_admin: 1,
      liked_playlist: null,
      extra: JSON.stringify({ genres: [] }),
    });
    return { adminCreated: true, adminPassword: password };
  });
}
