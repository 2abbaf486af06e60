import { sql } from 'kysely';
import { buildRepositories } from '../../server/root/repositories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ROLE, toCaller, type Caller } from '../../server/access/caller';
import { canSeeCollection, visibleTo, type Visibility } from '../../server/access/collections';
import type { UserRow } from '../../server/db/tables';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { Role } from '../../domain/role';

// The pure rule (media routes, one loaded row) and its SQL twin (lists) must never disagree.
interface Case {
  name: string;
  hidden: boolean;
  tags: string[];
  /** The library folder it came from; null: an upload or release. */
  libraryId: number | null;
}
const CASES: Case[] = [
  { name: 'plain', hidden: false, tags: [], libraryId: null },
  { name: 'new', hidden: false, tags: ['New'], libraryId: 1 },
  { name: 'shouting', hidden: false, tags: ['NEW', 'Club'], libraryId: null },
  { name: 'accented', hidden: false, tags: ['Électro'], libraryId: 2 },
  { name: 'club', hidden: false, tags: ['club'], libraryId: 3 },
  { name: 'hidden', hidden: true, tags: [], libraryId: 1 },
  { name: 'hidden new', hidden: true, tags: ['new'], libraryId: null },
  { name: 'first library', hidden: false, tags: [], libraryId: 1 },
  { name: 'second library', hidden: false, tags: [], libraryId: 2 },
];

let t: TestApp;
const ids = new Map<number, Case>();

const role = (roleBlacklistedTags: string[], roleLibraries: number[] | null = null): Role => ({
  ...NO_ROLE,
  roleId: 9,
  roleEnableBrowse: true,
  roleBlacklistedTags,
  roleLibraries,
});
const only = (caller: Caller, onlyLibrary: number): Caller => ({ ...caller, onlyLibrary });
const user = (isAdmin: boolean) => ({ user_id: 1, is_admin: isAdmin ? 1 : 0 }) as UserRow;

const CALLERS: Array<[string, Caller]> = [
  ['a member without a blacklist', toCaller(user(false), role([]))],
  ['a member blacklisting "new"', toCaller(user(false), role(['new']))],
  ['a member blacklisting "Club" and "electro"', toCaller(user(false), role(['Club', 'electro']))],
  ['an administrator blacklisting "new"', toCaller(user(true), role(['new']))],
  ['a member whose role is missing', toCaller(user(false), undefined)],
  ['a member who sees library 1', toCaller(user(false), role([], [1]))],
  ['a member who sees libraries 2 and 3', toCaller(user(false), role(['club'], [2, 3]))],
  ['a member who sees no library', toCaller(user(false), role([], []))],
  ['an administrator whose role sees library 1', toCaller(user(true), role([], [1]))],
  ['an administrator filtering library 2', only(toCaller(user(true), role([])), 2)],
  ['a member filtering library 1', only(toCaller(user(false), role([])), 1)],
  ['a member of library 1 filtering library 2', only(toCaller(user(false), role([], [1])), 2)],
];

beforeAll(async () => {
  t = await createTestApp();
  const repo = buildRepositories(t.db, t.config.database.kind).catalogueWrite;
  for (const [i, c] of CASES.entries()) {
    const id = await repo.createCollection({
      name: c.name,
      folder: `/music/${i}`,
      importKey: `case-${i}`,
      imageHash: null,
      libraryId: c.libraryId ?? undefined,
    });
    await repo.setTags(id, c.tags);
    await repo.updateStoreFields(id, { price: null, hidden: c.hidden, description: '' });
    ids.set(id, c);
  }
});
afterAll(async () => {
  await t.close();
});

async function visibleInSql(caller: Visibility): Promise<string[]> {
  const result = await sql<{ name: string }>`SELECT c.name FROM collections c
    WHERE ${visibleTo(caller, 'c')} ORDER BY c.name`.execute(t.db);
  return result.rows.map((r) => r.name);
}

const visiblePure = (caller: Visibility): string[] =>
  [...ids.values()]
    .filter((c) => canSeeCollection(caller, c))
    .map((c) => c.name)
    .sort();

describe('canSeeCollection and visibleTo', () => {
  it.each(CALLERS)('agree for %s', async (_who, caller) => {
    expect(await visibleInSql(caller)).toEqual(visiblePure(caller));
  });

  it('fold tags: "new" hides "New" and "NEW", "electro" hides "Électro"', () => {
    const [, caller] = CALLERS[2]!;
    expect(visiblePure(caller)).toEqual(['first library', 'new', 'plain', 'second library']);
    expect(visiblePure(CALLERS[1]![1])).toEqual([
      'accented',
      'club',
      'first library',
      'plain',
      'second library',
    ]);
  });

  it('show administrators everything and others nothing hidden', () => {
    expect(visiblePure(CALLERS[3]![1])).toHaveLength(CASES.length);
    expect(visiblePure(CALLERS[0]![1])).not.toContain('hidden');
  });

  it('show a member only their role’s libraries, and what came from no library', () => {
    const names = (i: number) => visiblePure(CALLERS[i]![1]);
    expect(names(5)).toEqual(['first library', 'new', 'plain', 'shouting']);
    expect(names(6)).toEqual(['accented', 'plain', 'second library']);
    expect(names(7)).toEqual(['plain', 'shouting']);
    // An administrator's role does not narrow what they manage.
    expect(names(8)).toHaveLength(CASES.length);
  });

  it('narrow to one library when filtered: the first one also lists what came from none', () => {
    const names = (i: number) => visiblePure(CALLERS[i]![1]);
    expect(names(9)).toEqual(['accented', 'second library']);
    expect(names(10)).toEqual(['first library', 'new', 'plain', 'shouting']);
    expect(names(11)).toEqual([]);
  });
});

describe('a caller whose role is missing', () => {
  it('has the most limited role: no browsing, downloads, transcodes or store', () => {
    const caller = toCaller(user(false), undefined);
    expect(caller.canBrowse).toBe(false);
    expect(caller.role).toMatchObject({
      roleEnableBrowse: false,
      roleDownloadLimit: 0,
      roleDownloadPaid: false,
      roleTranscode: false,
      roleVip: false,
      roleCanUpload: false,
      roleEnableRequests: false,
      roleEnableStore: false,
    });
  });

  it('keeps an administrator an administrator', () => {
    expect(toCaller(user(true), undefined).canBrowse).toBe(true);
  });
});
