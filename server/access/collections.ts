import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { Forbidden } from '../errors';
import type { Caller } from './caller';
import { foldTags } from './caller';
import { FIRST_LIBRARY_ID } from '../../domain/libraries';
import { parseJson } from '../db/database';

/** What visibility depends on; homepage jobs pass a made-up caller shared by every role. */
export type Visibility = Pick<Caller, 'isAdmin' | 'blacklistKeys' | 'libraryIds'> &
  Partial<Pick<Caller, 'onlyLibrary'>>;

/** What a role lets its members see: the tags it hides and the libraries it shows. */
export interface RoleReach {
  blacklist: readonly string[];
  /** null: every library. */
  libraries: readonly number[] | null;
}

/** A roles row's reach (its JSON columns as stored: blacklisted_tags, libraries). */
export const roleReach = (row: {
  blacklisted_tags: string;
  libraries: string | null;
}): RoleReach => ({
  blacklist: parseJson<string[]>(row.blacklisted_tags, []),
  libraries: parseJson<number[] | null>(row.libraries, null),
});

/** The libraries every one of these reaches: null when all of them see every library. */
export function commonLibraries(
  reaches: ReadonlyArray<Pick<RoleReach, 'libraries'>>,
): number[] | null {
  let common: number[] | null = null;
  for (const { libraries } of reaches) {
    if (libraries === null) continue;
    common = common === null ? [...libraries] : common.filter((id) => libraries.includes(id));
  }
  return common;
}

/**
 * Whether a collection's library is one the caller sees. A collection from no library folder
 * (an upload, a store release, a hand-over) is seen as it always was; a role's library list
 * (null: all) binds everyone but administrators; a library filter (`onlyLibrary`: the browse
 * page's, Subsonic's musicFolderId) binds administrators too, and the first library's filter
 * also takes the collections from no folder, which is where Subsonic apps look for them.
 */
function inCallersLibraries(caller: Visibility, libraryId: number | null): boolean {
  const only = caller.onlyLibrary;
  if (only !== undefined && libraryId !== only)
    return libraryId === null && only === FIRST_LIBRARY_ID;
  if (libraryId === null || caller.isAdmin || caller.libraryIds === null) return true;
  return caller.libraryIds.includes(libraryId);
}

export const COLLECTION_NOT_FOUND = 'Collection not found';
export const FILE_NOT_FOUND = 'File not found';

/**
 * Administrators see everything (they manage the catalogue); others never see hidden
 * collections nor ones carrying a tag their role blacklists, compared folded ("New" = "new").
 */
export function canSeeCollection(
  caller: Visibility,
  collection: { hidden: boolean | number; tags: readonly string[]; libraryId: number | null },
): boolean {
  if (!inCallersLibraries(caller, collection.libraryId)) return false;
  if (caller.isAdmin) return true;
  if (Number(collection.hidden) === 1) return false;
  const blacklist = new Set(caller.blacklistKeys);
  return !foldTags(collection.tags).some((key) => blacklist.has(key));
}

/**
 * Who sees what everyone shares (the homepage's generated playlists): nothing hidden and no tag
 * any role blacklists, so no member finds there what their role hides.
 */
export const everyRole = (roles: readonly RoleReach[]): Visibility => ({
  isAdmin: false,
  blacklistKeys: foldTags(roles.flatMap((role) => role.blacklist)),
  libraryIds: commonLibraries(roles),
});

/** SQL twin of inCallersLibraries. */
function libraryCondition(caller: Visibility, alias: string): RawBuilder<SqlBool> | null {
  const column = sql.ref(`${alias}.library_id`);
  const only = caller.onlyLibrary;
  const filter =
    only === undefined
      ? null
      : only === FIRST_LIBRARY_ID
        ? sql<SqlBool>`(${column} = ${only} OR ${column} IS NULL)`
        : sql<SqlBool>`${column} = ${only}`;
  if (caller.isAdmin || caller.libraryIds === null) return filter;
  const ids = caller.libraryIds;
  const role =
    ids.length === 0
      ? sql<SqlBool>`${column} IS NULL`
      : sql<SqlBool>`(${column} IS NULL OR ${column} IN (${sql.join(ids)}))`;
  return filter === null ? role : sql<SqlBool>`${filter} AND ${role}`;
}

/** SQL twin of canSeeCollection for the collection aliased `alias` (tags via collection_terms). */
export function visibleTo(caller: Visibility, alias: string): RawBuilder<SqlBool> {
  // NOT IN over an uncorrelated subquery is built once per query, not probed once per row.
  return visibility(
    caller,
    alias,
    (column, keys) => sql<SqlBool>`${column} NOT IN (
    SELECT bt.collection_id FROM collection_terms bt
    WHERE bt.kind = 'tag' AND bt.value_key IN (${keys}))`,
  );
}

/**
 * visibleTo for a query that walks an index in order and stops at its LIMIT (the Subsonic sync's
 * pages): the blacklist as a probe per collection reached. PostgreSQL costs a NOT IN subplan
 * once per row of such a walk, so with it the planner read and sorted every visible file
 * instead (770 ms a page at 1,000,000 files); probed, a page reads about its own rows.
 */
export function visibleWhileWalking(caller: Visibility, alias: string): RawBuilder<SqlBool> {
  return visibility(
    caller,
    alias,
    (column, keys) => sql<SqlBool>`NOT EXISTS (
    SELECT 1 FROM collection_terms bt WHERE bt.collection_id = ${column}
    AND bt.kind = 'tag' AND bt.value_key IN (${keys}))`,
  );
}

function visibility(
  caller: Visibility,
  alias: string,
  notBlacklisted: (column: RawBuilder<unknown>, keys: RawBuilder<unknown>) => RawBuilder<SqlBool>,
): RawBuilder<SqlBool> {
  // A collection whose every file is missing (decision 0056) is in nobody's lists.
  const missing = sql<SqlBool>`${sql.ref(`${alias}.missing_since`)} IS NULL`;
  const libraries = libraryCondition(caller, alias);
  const present = libraries === null ? missing : sql<SqlBool>`${missing} AND ${libraries}`;
  if (caller.isAdmin) return present;
  const hidden = sql.ref(`${alias}.hidden`);
  if (caller.blacklistKeys.length === 0) return sql<SqlBool>`${hidden} = 0 AND ${present}`;
  const blacklist = notBlacklisted(
    sql.ref(`${alias}.collection_id`),
    sql.join(caller.blacklistKeys),
  );
  return sql<SqlBool>`${hidden} = 0 AND ${present} AND ${blacklist}`;
}

/** Spec part 1, section 6: roleEnableBrowse is needed to read library content. */
export function requireBrowse(caller: Pick<Caller, 'canBrowse'>): void {
  if (!caller.canBrowse) throw new Forbidden('Your role does not allow browsing the library');
}

/** A collection's page lists its non-audio files (booklets, covers) to administrators only. */
export const seesNonAudioFiles = (caller: Pick<Caller, 'isAdmin'>): boolean => caller.isAdmin;

/** Which files are missing on the server's disk is for administrators (issue 31 §3). */
export const seesMissingFiles = (caller: Pick<Caller, 'isAdmin'>): boolean => caller.isAdmin;
