import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { Forbidden } from '../errors';
import type { Caller } from './caller';
import { foldTags } from './caller';

/** What visibility depends on; homepage jobs pass a made-up caller shared by every role. */
export type Visibility = Pick<Caller, 'isAdmin' | 'blacklistKeys'>;

export const COLLECTION_NOT_FOUND = 'Collection not found';
export const FILE_NOT_FOUND = 'File not found';

/**
 * Administrators see everything (they manage the catalogue); others never see hidden
 * collections nor ones carrying a tag their role blacklists, compared folded ("New" = "new").
 */
export function canSeeCollection(
  caller: Visibility,
  collection: { hidden: boolean | number; tags: readonly string[] },
): boolean {
  if (caller.isAdmin) return true;
  if (Number(collection.hidden) === 1) return false;
  const blacklist = new Set(caller.blacklistKeys);
  return !foldTags(collection.tags).some((key) => blacklist.has(key));
}

/**
 * Who sees what everyone shares (the homepage's generated playlists): nothing hidden and no tag
 * any role blacklists, so no member finds there what their role hides.
 */
export const everyRole = (blacklists: ReadonlyArray<readonly string[]>): Visibility => ({
  isAdmin: false,
  blacklistKeys: foldTags(blacklists.flat()),
});

/** SQL twin of canSeeCollection for the collection aliased `alias` (tags via collection_terms). */
export function visibleTo(caller: Visibility, alias: string): RawBuilder<SqlBool> {
  // A collection whose every file is missing (decision 0056) is in nobody's lists.
  const present = sql<SqlBool>`${sql.ref(`${alias}.missing_since`)} IS NULL`;
  if (caller.isAdmin) return present;
  const hidden = sql.ref(`${alias}.hidden`);
  if (caller.blacklistKeys.length === 0) return sql<SqlBool>`${hidden} = 0 AND ${present}`;
  // NOT IN over an uncorrelated subquery is built once per query, not probed once per row.
  return sql<SqlBool>`${hidden} = 0 AND ${present} AND ${sql.ref(`${alias}.collection_id`)} NOT IN (
    SELECT bt.collection_id FROM collection_terms bt
    WHERE bt.kind = 'tag' AND bt.value_key IN (${sql.join(caller.blacklistKeys)}))`;
}

/** Spec part 1, section 6: roleEnableBrowse is needed to read library content. */
export function requireBrowse(caller: Pick<Caller, 'canBrowse'>): void {
  if (!caller.canBrowse) throw new Forbidden('Your role does not allow browsing the library');
}

/** A collection's page lists its non-audio files (booklets, covers) to administrators only. */
export const seesNonAudioFiles = (caller: Pick<Caller, 'isAdmin'>): boolean => caller.isAdmin;

/** Which files are missing on the server's disk is for administrators (issue 31 §3). */
export const seesMissingFiles = (caller: Pick<Caller, 'isAdmin'>): boolean => caller.isAdmin;
