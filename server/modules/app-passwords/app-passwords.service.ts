import { randomBytes } from 'node:crypto';
import {
  APP_PASSWORDS_PER_USER,
  type AppPassword,
  type CreatedAppPassword,
} from '../../../domain/app-password';
import type { Caller } from '../../access/caller';
import { nowIso, type Db } from '../../db/database';
import type { UserRow } from '../../db/tables';
import { Conflict, NotFound } from '../../errors';
import type { SecretBox } from '../../security/secret-box';
import { AppPasswordsRepository, type AppPasswordRow } from './app-passwords.repository';

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  appPasswords: AppPasswordsRepository;
}

/** Last use is written at most this often per app password: a syncing app calls many times. */
const TOUCH_EVERY_MS = 60_000;

/** 18 random bytes, 24 base64url characters: easy to paste, far beyond guessing. */
const newPassword = (): string => randomBytes(18).toString('base64url');

const toWire = (row: AppPasswordRow): AppPassword => ({
  appPasswordId: row.app_password_id,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

export interface AppPasswordMatch {
  appPassword: AppPasswordRow;
  user: UserRow;
}

/**
 * What phone and desktop apps sign in to /rest with. The plain password is shown once, at
 * creation; the database holds it sealed (token auth needs it back) and an HMAC to find it by.
 */
export class AppPasswordsService {
  private readonly repo: AppPasswordsRepository;

  constructor(
    db: Db,
    private readonly box: SecretBox,
    private readonly repos: Repositories,
  ) {
    this.repo = this.repos.appPasswords;
  }

  async list(caller: Caller): Promise<AppPassword[]> {
    return (await this.repo.listForUser(caller.userId)).map(toWire);
  }

  async create(caller: Caller, name: string): Promise<CreatedAppPassword> {
    const password = newPassword();
    const row = await this.repo.insertWithin(
      {
        user_id: caller.userId,
        name,
        secret: this.box.seal(password),
        lookup: this.box.lookup(password),
        created_at: nowIso(),
      },
      APP_PASSWORDS_PER_USER,
    );
    if (row === undefined) {
      throw new Conflict(
        `You already have ${APP_PASSWORDS_PER_USER} app passwords: revoke one you no longer use first`,
      );
    }
    return { appPasswordId: row.app_password_id, name: row.name, password };
  }

  /** Someone else's id answers like one that does not exist. */
  async revoke(caller: Caller, appPasswordId: number): Promise<void> {
    if (!(await this.repo.deleteOwn(appPasswordId, caller.userId))) {
      throw new NotFound('No such app password');
    }
  }

  /** The app password equal to `password` (an apiKey, or a plain `p`), with its user. */
  findByPassword(password: string): Promise<AppPasswordMatch | undefined> {
    return this.repo.findByLookup(this.box.lookup(password));
  }

  /**
   * The user's app passwords in plain, for token auth (md5 of password and salt). A row sealed
   * under another key (the key file was replaced) cannot match anything and is skipped.
   */
  async unsealedOf(userId: number): Promise<Array<{ row: AppPasswordRow; password: string }>> {
    const rows = await this.repo.listForUser(userId);
    return rows.flatMap((row) => {
      try {
        return [{ row, password: this.box.open(row.secret) }];
      } catch {
        return [];
      }
    });
  }

  /** Notes a successful sign-in, at most once a minute per app password. */
  async markUsed(row: AppPasswordRow): Promise<void> {
    const now = Date.now();
    if (row.last_used_at !== null && now - Date.parse(row.last_used_at) < TOUCH_EVERY_MS) return;
    await this.repo.touch(
      row.app_password_id,
      new Date(now).toISOString(),
      new Date(now - TOUCH_EVERY_MS).toISOString(),
    );
  }
}
