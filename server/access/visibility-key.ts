import type { Visibility } from './collections';

/**
 * What a viewer may see, as one key: two viewers with the same key are shown the same rows by
 * visibleTo (collections.ts reads exactly these fields), so a cache of whole-library lists
 * (catalogue/library-index-cache.ts) may give one's answer to the other, and to no one else.
 */
export function visibilityKey(viewer: Visibility): string {
  return JSON.stringify([
    viewer.isAdmin,
    [...new Set(viewer.blacklistKeys)].sort(),
    viewer.libraryIds === null ? null : [...new Set(viewer.libraryIds)].sort((a, b) => a - b),
    viewer.onlyLibrary ?? null,
  ]);
}
