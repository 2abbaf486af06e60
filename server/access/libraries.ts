import { NotFound } from '../errors';
import type { Caller } from './caller';

export const LIBRARY_NOT_FOUND = 'Library not found';

/**
 * Whether the caller sees a library (issue 46): administrators every one, others those their
 * role lists (roleLibraries; null lists every library). The same rule, in SQL, narrows every
 * list of collections (visibleTo in ./collections.ts).
 */
export const seesLibrary = (
  caller: Pick<Caller, 'isAdmin' | 'libraryIds'>,
  libraryId: number,
): boolean => caller.isAdmin || caller.libraryIds === null || caller.libraryIds.includes(libraryId);

/**
 * The caller for one call that asked for one library only (the browse page's filter, Subsonic's
 * musicFolderId): everything visibleTo lists is narrowed to it. A library the caller does not
 * see is not found, exactly like one that does not exist.
 */
export function withinLibrary(caller: Caller, libraryId: number): Caller {
  if (!seesLibrary(caller, libraryId)) throw new NotFound(LIBRARY_NOT_FOUND);
  return { ...caller, onlyLibrary: libraryId };
}

/** A library's folder on the server, its counts and scans are for administrators. */
export const seesLibraryFolders = (caller: Pick<Caller, 'isAdmin'>): boolean => caller.isAdmin;
