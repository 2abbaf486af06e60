import { beforeAll, describe, expect, it } from 'vitest';
import { lintAt } from './lint-zone';

// Files that exist, so type-aware rules find them in the project; the code is linted in their
// place without touching them.
const SERVICE = 'server/modules/playlists/playlists.service.ts';
const ROUTES = 'server/modules/playlists/playlists.routes.ts';
const REPOSITORY = 'server/modules/playlists/playlists.repository.ts';
const ACCESS = 'server/access/playlists.ts';

const restricted = (messages: string[]) =>
  messages.filter((m) => /no-restricted-(imports|syntax)/.test(m));

describe('server zones', { timeout: 60_000 }, () => {
  // The first lint builds the TypeScript program for the type-aware rules: tens of seconds.
  beforeAll(() => lintAt(SERVICE, ''), 240_000);

  it('refuses kysely outside repositories, server/db and server/access', async () => {
    const code = "import { sql } from 'kysely';\nexport const q = sql`SELECT 1`;\n";
    expect(restricted(await lintAt(SERVICE, code))).toEqual([expect.stringMatching(/repository/)]);
    expect(restricted(await lintAt(REPOSITORY, code))).toEqual([]);
    expect(restricted(await lintAt(ACCESS, code))).toEqual([]);
  });

  it('refuses building a query outside repositories', async () => {
    const code =
      "import type { Db } from '../../db/database';\n" +
      "export const q = (db: Db) => db.selectFrom('users').selectAll().execute();\n";
    expect(restricted(await lintAt(SERVICE, code))).toEqual([
      expect.stringMatching(/repository method/),
    ]);
    const inClass =
      "import type { Db } from '../../db/database';\n" +
      'export class Q {\n' +
      '  constructor(private readonly db: Db) {}\n' +
      "  q() { return this.db.selectFrom('users').selectAll().execute(); }\n" +
      '}\n';
    expect(restricted(await lintAt(REPOSITORY, inClass))).toEqual([]);
  });

  it('refuses reading admin and role flags outside server/access', async () => {
    const code =
      "import type { Caller } from '../../access/caller';\n" +
      'export const a = (c: Caller) => c.isAdmin;\n' +
      'export const b = (c: Caller) => c.role.roleEnableStore;\n' +
      'export const d = (c: Caller) => c.user.is_admin === 1;\n';
    expect(restricted(await lintAt(ROUTES, code))).toHaveLength(3);
    expect(restricted(await lintAt(ACCESS, code))).toEqual([]);
  });

  it('lets an admin edit write the flag and read its own input', async () => {
    const code =
      'export const set = (patch: { is_admin?: number }, input: { isAdmin?: boolean }) => {\n' +
      '  if (input.isAdmin !== undefined) patch.is_admin = input.isAdmin ? 1 : 0;\n' +
      '};\n';
    expect(restricted(await lintAt(SERVICE, code))).toEqual([]);
  });

  it('keeps one repository style: a class holding its Db, no loose query functions', async () => {
    const loose =
      "import type { Db } from '../../db/database';\n" +
      'export async function count(db: Db): Promise<number> {\n' +
      "  const rows = await db.selectFrom('users').select('user_id').execute();\n" +
      '  return rows.length;\n' +
      '}\n' +
      "export const first = (db: Db) => db.selectFrom('users').selectAll().executeTakeFirst();\n" +
      'export const usersRepository = {\n' +
      "  all(db: Db) { return db.selectFrom('users').selectAll().execute(); },\n" +
      '};\n';
    expect(restricted(await lintAt(REPOSITORY, loose))).toEqual([
      expect.stringMatching(/holds its Db/),
      expect.stringMatching(/holds its Db/),
      expect.stringMatching(/holds its Db/),
    ]);
    const classStyle =
      "import type { Db } from '../../db/database';\n" +
      'export const toName = (row: { user_name: string }) => row.user_name;\n' +
      'export class UsersRepository {\n' +
      '  constructor(private readonly db: Db) {}\n' +
      "  all() { return this.db.selectFrom('users').selectAll().execute(); }\n" +
      '}\n';
    expect(restricted(await lintAt(REPOSITORY, classStyle))).toEqual([]);
  });

  it('refuses importing client code (src/) anywhere in the server; domain/ is the shared place', async () => {
    const fromClient =
      "import { shareStrings } from '../../../src/lib/strings/share';\n" +
      'export const words = shareStrings;\n';
    expect(restricted(await lintAt(SERVICE, fromClient))).toEqual([
      expect.stringMatching(/imports nothing from src\//),
    ]);
    // server/access is outside the kysely block's files; this rule covers it too.
    const fromAccess = fromClient.replace('../../../src/', '../../src/');
    expect(restricted(await lintAt(ACCESS, fromAccess))).toEqual([
      expect.stringMatching(/imports nothing from src\//),
    ]);
    const fromDomain =
      "import { homeStrings } from '../../../domain/strings/browse';\n" +
      'export const words = homeStrings;\n';
    expect(restricted(await lintAt(SERVICE, fromDomain))).toEqual([]);
  });

  it('reaches another module only through its front door, and never from below (decision 0055)', async () => {
    const doors = (messages: string[]) =>
      messages.filter((m) => m.startsWith('import/no-restricted-paths'));
    // A module importing another module's repository, or any file but its index.ts: refused.
    const repository =
      "import { UsersRepository } from '../users/users.repository';\n" +
      'export const make = UsersRepository;\n';
    expect(doors(await lintAt(SERVICE, repository))).toEqual([expect.stringMatching(/front door/)]);
    const internals =
      "import { toWireUser } from '../users/users.repository';\n" +
      "import { CatalogueService } from '../catalogue/catalogue.service';\n" +
      'export const both = [toWireUser, CatalogueService];\n';
    expect(doors(await lintAt(SERVICE, internals))).toHaveLength(2);
    // Through the door: allowed; its own files: allowed.
    const door =
      "import type { UsersRepository } from '../users';\n" +
      "import { PlaylistsRepository } from './playlists.repository';\n" +
      'export type Both = [UsersRepository, PlaylistsRepository];\n';
    expect(doors(await lintAt(SERVICE, door))).toEqual([]);
    // A folder outside the modules (jobs, node, cli...) uses the door too.
    const fromJobs =
      "import { UsersRepository } from '../modules/users/users.repository';\nexport const u = UsersRepository;\n";
    expect(doors(await lintAt('server/jobs/release-write.ts', fromJobs))).toEqual([
      expect.stringMatching(/front door/),
    ]);
    // db, security, storage and access import no module at all, not even its door.
    const upward =
      "import type { SettingsService } from '../modules/settings';\nexport type S = SettingsService;\n";
    for (const below of [
      'server/db/database.ts',
      'server/security/ip-ban.ts',
      'server/storage/storage.ts',
      ACCESS,
    ]) {
      expect(doors(await lintAt(below, upward))).toEqual([
        expect.stringMatching(/below the modules/),
      ]);
    }
    // The composition root builds everything: it may reach inside.
    expect(
      doors(
        await lintAt(
          'server/root/repositories.ts',
          repository.replace('../users/', '../modules/users/'),
        ),
      ),
    ).toEqual([]);
  });
});
