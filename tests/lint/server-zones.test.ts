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
});
