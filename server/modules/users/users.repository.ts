import { sql } from 'kysely';
import type { User } from '../../../domain/user';
import { nowIso, parseJson, toBool, type Db } from '../../db/database';
import type { NewUser, UserRow, UserUpdate } from '../../db/tables';

export interface WireUserOptions {
  /** Self or administrator: e-mail details, limits, balance and IP addresses are included. */
  includePrivate: boolean;
}

export function toWireUser(row: UserRow, options: WireUserOptions): User {
  const user: User = {
    userId: row.user_id,
    userName: row.user_name,
    userFullName: row.full_name,
    userAge: row.age,
    userGender: row.gender,
    userCountry: row.country,
    userSocials: parseJson(row.socials, {}),
    roleId: row.role_id,
    roleExpiration: row.role_expiration,
    registerTime: row.register_time,
    lastLoginTime: row.last_login_time,
    isBanned: toBool(row.is_banned),
    isAdmin: toBool(row.is_admin),
    likedPlaylist: row.liked_playlist ?? 0,
    userExtra: { genres: parseJson<{ genres?: string[] }>(row.extra, {}).genres ?? [] },
  };
  if (options.includePrivate) {
    user.userEmail = row.email;
    user.emailConfirmed = toBool(row.email_confirmed);
    user.emailMarketing = toBool(row.email_marketing);
    user.remainingDownloads = row.remaining_downloads;
    user.remainingRequests = row.remaining_requests;
    user.remainingInvites = row.remaining_invites;
    user.userBalance = row.balance;
    user.lastLoginIp = row.last_login_ip;
    user.registerIp = row.register_ip;
  }
  return user;
}

export class UsersRepository {
  constructor(private readonly db: Db) {}

  findUserById(userId: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** Login accepts the user name or the e-mail, both compared case-insensitively. */
  findUserByLogin(login: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('user_name_lower', '=', login.toLowerCase()),
          eb('email_lower', '=', login.toLowerCase()),
        ]),
      )
      .orderBy('user_id')
      .executeTakeFirst();
  }

  findUserByName(name: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('user_name_lower', '=', name.toLowerCase())
      .executeTakeFirst();
  }

  findUserByEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('email_lower', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  async countUsersFromIp(ip: string): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('register_ip', '=', ip)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async listAdminEmails(): Promise<string[]> {
    return (
      await this.db
        .selectFrom('users')
        .select('email')
        .where('is_admin', '=', 1)
        .where('is_banned', '=', 0)
        .execute()
    )
      .map((r) => r.email)
      .filter((e) => e.includes('@'));
  }

  /** Creates the account and its "Liked" playlist; call inside a transaction. */
  async insertUserWithLikedPlaylist(user: NewUser): Promise<UserRow> {
    const inserted = await this.db
      .insertInto('users')
      .values(user)
      .returning('user_id')
      .executeTakeFirstOrThrow();
    const playlist = await this.db
      .insertInto('playlists')
      .values({
        user_id: inserted.user_id,
        title: 'Liked',
        kind: 'liked',
        description: '',
        public: 0,
        created_at: nowIso(),
      })
      .returning('playlist_id')
      .executeTakeFirstOrThrow();
    return this.db
      .updateTable('users')
      .set({ liked_playlist: playlist.playlist_id })
      .where('user_id', '=', inserted.user_id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async updateUser(userId: number, patch: UserUpdate): Promise<UserRow | undefined> {
    if (Object.keys(patch).length === 0) return this.findUserById(userId);
    return this.db
      .updateTable('users')
      .set(patch)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
  }

  /** Bulk reset used by the admin tasks: every user gets their role's limit again. */
  async resetRemainingFromRoles(
    column: 'remaining_downloads' | 'remaining_requests',
  ): Promise<number> {
    const roleColumn = column === 'remaining_downloads' ? 'download_limit' : 'request_limit';
    const result = await this.db
      .updateTable('users')
      .set((eb) => ({
        [column]: eb
          .selectFrom('roles')
          .select(`roles.${roleColumn}`)
          .whereRef('roles.role_id', '=', 'users.role_id'),
      }))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Takes one invite from the user's allowance; false when none is left. */
  async takeInvite(userId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set((eb) => ({ remaining_invites: eb('remaining_invites', '-', 1) }))
      .where('user_id', '=', userId)
      .where('remaining_invites', '>', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async searchUsers(search: {
    query: string;
    limit: number;
    offset: number;
    sort: keyof typeof SORT_COLUMNS;
    descending: boolean;
  }): Promise<{ count: number; rows: UserRow[] }> {
    // LIKE wildcards typed by the admin are matched literally.
    const pattern = `%${search.query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const base = this.db
      .selectFrom('users')
      .where((eb) =>
        eb.or([
          eb('user_name_lower', 'like', sql<string>`${pattern} escape '\\'`),
          eb('email_lower', 'like', sql<string>`${pattern} escape '\\'`),
        ]),
      );
    const total = await base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll()
      .orderBy(SORT_COLUMNS[search.sort], search.descending ? 'desc' : 'asc')
      .orderBy('user_id')
      .limit(search.limit)
      .offset(search.offset)
      .execute();
    return { count: Number(total.count), rows };
  }

  /** Administrators who can still sign in: the ones that keep the service administered. */
  async countAdmins(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('is_admin', '=', 1)
      .where('is_banned', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}

const SORT_COLUMNS = {
  userId: 'user_id',
  userName: 'user_name_lower',
  registerTime: 'register_time',
  lastLoginTime: 'last_login_time',
  userBalance: 'balance',
} as const;
