import type { UserExtra, UserUpdate, UserWithRole } from '../../../domain/user';
import { USER_ADMIN_FIELDS } from '../../../domain/user';
import {
  accountOf,
  assertAccountFieldChanges,
  assertAdminFlagChange,
  assertEditProfile,
  assertSeeUnlocked,
  canSeePrivateProfile,
  mayChangeAccountFields,
  type Account,
} from '../../access/users';
import type { Collection } from '../../../domain/collection';
import { requireAdmin, toCaller, type Caller } from '../../access/caller';
import { toWireCollection } from '../catalogue';
import { UnlockedRepository } from './unlocked.repository';
import { fromBool, nowIso, type Db } from '../../db/database';
import type { UserRow, UserUpdate as UserColumns } from '../../db/tables';
import { BadRequest, Conflict, NotFound } from '../../errors';
import type { BalanceAdjustmentRepository } from '../../payments';
import { RolesRepository, toWireRole } from '../roles';
import type { SettingsService } from '../settings';
import { UsersRepository, toWireUser } from './users.repository';
import { withExecutor } from '../../db/with-executor';

/** The wire value a column currently has, to tell a real change from a value sent back as is. */
function currentValue(row: UserRow, field: (typeof USER_ADMIN_FIELDS)[number]): unknown {
  const user = toWireUser(row, { includePrivate: true });
  return user[field];
}

/** Accounts read per query when listing them all. */
const ACCOUNTS_PAGE = 1000;

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  balanceAdjustments: BalanceAdjustmentRepository;
  roles: RolesRepository;
  unlocked: UnlockedRepository;
  users: UsersRepository;
}

export class UsersService {
  private readonly users: UsersRepository;

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly repos: Repositories,
  ) {
    this.users = this.repos.users;
  }

  async withRole(row: UserRow, viewer: Account): Promise<UserWithRole> {
    const role = await this.repos.roles.findRole(row.role_id);
    if (role === undefined) throw new Error(`user ${row.user_id} has missing role ${row.role_id}`);
    return {
      user: toWireUser(row, {
        includePrivate: canSeePrivateProfile(viewer, row.user_id),
      }),
      role: toWireRole(role),
    };
  }

  async view(viewer: Caller, userId: number): Promise<UserWithRole> {
    const row = await this.users.findUserById(userId);
    if (row === undefined) throw new NotFound('User not found');
    return this.withRole(row, viewer);
  }

  /**
   * Profile and (for administrators) account fields in one transaction: a balance change and
   * its ledger row commit together with the rest or not at all.
   */
  async update(viewer: Caller, userId: number, input: UserUpdate): Promise<UserWithRole> {
    assertEditProfile(viewer, userId);
    const updated = await this.db.transaction().execute(async (trx) => {
      const users = withExecutor(this.repos.users, trx);
      const row = await users.findUserById(userId);
      if (row === undefined) throw new NotFound('User not found');
      // The client may send the whole user back; only a real change of these counts.
      const changed = USER_ADMIN_FIELDS.filter(
        (field) => input[field] !== undefined && input[field] !== currentValue(row, field),
      );
      assertAccountFieldChanges(viewer, changed);
      const accountFields = mayChangeAccountFields(viewer);
      const patch = await this.toColumns(trx, row, input, accountFields);
      if (accountFields && input.userBalance !== undefined) {
        await withExecutor(this.repos.balanceAdjustments, trx).adjustBalance({
          userId,
          from: row.balance,
          to: input.userBalance,
          adminId: viewer.userId,
          now: nowIso(),
        });
      }
      return users.updateUser(userId, patch);
    });
    if (updated === undefined) throw new NotFound('User not found');
    // An administrator who just gave up the flag sees their own profile as a member would.
    return this.withRole(updated, updated.user_id === viewer.userId ? accountOf(updated) : viewer);
  }

  async updateExtra(viewer: Caller, userId: number, extra: UserExtra): Promise<UserWithRole> {
    assertEditProfile(viewer, userId);
    // Stored in the settings' spelling, so the home page and browse filters match them exactly.
    const known = new Map(
      (await this.settings.get()).audioGenres.map((g) => [g.toLowerCase(), g] as const),
    );
    const genres = new Set<string>();
    for (const genre of extra.genres) {
      const canonical = known.get(genre.toLowerCase());
      if (canonical === undefined) {
        throw new BadRequest(`genres: "${genre}" is not one of the genres of this library`);
      }
      genres.add(canonical);
    }
    const updated = await this.users.updateUser(userId, {
      extra: JSON.stringify({ genres: [...genres] }),
    });
    if (updated === undefined) throw new NotFound('User not found');
    return this.withRole(updated, viewer);
  }

  /** A user by name (sign-in names are unique, compared without case); for signing in. */
  findByName(name: string): Promise<UserRow | undefined> {
    return this.users.findUserByName(name);
  }

  findById(userId: number): Promise<UserRow | undefined> {
    return this.users.findUserById(userId);
  }

  /** Every account by name, with its role's rights as server/access reads them: for admins. */
  async everyone(viewer: Caller): Promise<Caller[]> {
    requireAdmin(viewer);
    const roles = new Map(
      (await this.repos.roles.listRoles()).map((row) => [row.role_id, toWireRole(row)]),
    );
    const accounts: Caller[] = [];
    for (let offset = 0; ; offset += ACCOUNTS_PAGE) {
      const page = await this.users.searchUsers({
        query: '',
        limit: ACCOUNTS_PAGE,
        offset,
        sort: 'userName',
        descending: false,
      });
      for (const row of page.rows) accounts.push(toCaller(row, roles.get(row.role_id)));
      if (page.rows.length < ACCOUNTS_PAGE) break;
    }
    return accounts;
  }

  /** GET /api/user/{id}/unlocked: own, or anyone's for an administrator. */
  async unlocked(
    viewer: Caller,
    userId: number,
    page: { offset: number; limit: number },
  ): Promise<Collection[]> {
    assertSeeUnlocked(viewer, userId);
    if ((await this.users.findUserById(userId)) === undefined) throw new NotFound('User not found');
    const rows = await this.repos.unlocked.unlockedPage(userId, viewer, page);
    return rows.map((row) => toWireCollection(row, userId));
  }

  private async toColumns(
    trx: Db,
    row: UserRow,
    input: UserUpdate,
    accountFields: boolean,
  ): Promise<UserColumns> {
    const users = withExecutor(this.repos.users, trx);
    const patch: UserColumns = {};
    if (input.userFullName !== undefined) patch.full_name = input.userFullName || null;
    if (input.userAge !== undefined) patch.age = input.userAge;
    if (input.userGender !== undefined) patch.gender = input.userGender;
    if (input.userCountry !== undefined) patch.country = input.userCountry || null;
    if (input.userSocials !== undefined) patch.socials = JSON.stringify(input.userSocials);
    if (input.emailMarketing !== undefined) patch.email_marketing = fromBool(input.emailMarketing);
    if (!accountFields) return patch;

    if (input.remainingDownloads !== undefined)
      patch.remaining_downloads = input.remainingDownloads;
    if (input.remainingRequests !== undefined) patch.remaining_requests = input.remainingRequests;
    if (input.remainingInvites !== undefined) patch.remaining_invites = input.remainingInvites;
    if (input.emailConfirmed !== undefined) patch.email_confirmed = fromBool(input.emailConfirmed);
    if (input.roleExpiration !== undefined) patch.role_expiration = input.roleExpiration;
    if (input.isAdmin !== undefined) {
      assertAdminFlagChange(accountOf(row), input.isAdmin, await users.countAdmins());
      patch.is_admin = fromBool(input.isAdmin);
    }
    if (input.roleId !== undefined) {
      if ((await withExecutor(this.repos.roles, trx).findRole(input.roleId)) === undefined) {
        throw new BadRequest('roleId: no role has this id');
      }
      patch.role_id = input.roleId;
    }
    if (input.userEmail !== undefined && input.userEmail.toLowerCase() !== row.email_lower) {
      const other = await users.findUserByEmail(input.userEmail);
      if (other !== undefined && other.user_id !== row.user_id) {
        throw new Conflict('This e-mail address is already used by another account');
      }
      patch.email = input.userEmail;
      patch.email_lower = input.userEmail.toLowerCase();
    }
    return patch;
  }
}
