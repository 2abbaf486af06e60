import type { Visibility } from '../../access/collections';
import { visibilityKey } from '../../access/visibility-key';

/** Visibility rules kept per list: a few roles and the administrators, with room to spare. */
const MAX_RULES = 64;

/**
 * Whole-library lists (getArtists, getIndexes, getGenres: about a second to read at a million
 * files) kept per visibility rule and library version (migration 0032). The version is read
 * from the database on every ask, so a change through any app server shows at once; a rule
 * never gets another rule's answer, since the rule is the key.
 */
export class LibraryIndexCache<T> {
  private readonly entries = new Map<string, { version: number; value: Promise<T> }>();

  constructor(private readonly version: () => Promise<number>) {}

  async get(viewer: Visibility, read: () => Promise<T>): Promise<T> {
    const key = visibilityKey(viewer);
    // Read before the rows: rows newer than their version are only read again, never stale.
    const version = await this.version();
    const held = this.entries.get(key);
    if (held !== undefined && held.version === version) return held.value;
    const value = read();
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    if (this.entries.size > MAX_RULES) this.entries.delete(this.entries.keys().next().value!);
    // A failed read is not kept: the next ask tries again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}
