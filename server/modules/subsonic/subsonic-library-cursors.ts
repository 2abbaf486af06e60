import type { Db } from '../../db/database';

const MAX_ENTRIES = 5000;

/**
 * Where each page a user was served ended, so that the page at offset + size continues after
 * that key (an index seek) instead of counting OFFSET rows again: apps sync the library page
 * by page, and OFFSET grows with the depth. A miss (another process, an evicted or skipped
 * page) falls back to OFFSET, so an answer never depends on the cache being there.
 */
export class PageCursors<C> {
  private readonly byDb = new WeakMap<Db, Map<string, C>>();

  private entries(db: Db): Map<string, C> {
    let map = this.byDb.get(db);
    if (map === undefined) {
      map = new Map();
      this.byDb.set(db, map);
    }
    return map;
  }

  /** The key of the row before `offset` in this list, if a page ending there was served. */
  before(db: Db, userId: number, list: string, offset: number): C | undefined {
    if (offset === 0) return undefined;
    return this.entries(db).get(`${userId}|${list}|${offset}`);
  }

  /** Notes that the page ending before `offset` ended with the row keyed `cursor`. */
  remember(db: Db, userId: number, list: string, offset: number, cursor: C): void {
    const map = this.entries(db);
    const key = `${userId}|${list}|${offset}`;
    map.delete(key);
    map.set(key, cursor);
    // Maps keep insertion order: the first key is the least recently stored.
    if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!);
  }

  /**
   * One page of `size` rows at `offset`, read by `read(after, limit, offset)`: after the
   * remembered key when there is one, else by OFFSET from one row earlier, so that the key
   * before this page is remembered as well as the one after it (asking the same page again,
   * or the next one, then seeks).
   */
  async page<R>(
    db: Db,
    userId: number,
    list: string,
    at: { offset: number; size: number },
    read: (after: C | undefined, limit: number, offset: number) => Promise<R[]>,
    keyOf: (row: R) => C,
  ): Promise<R[]> {
    const { offset, size } = at;
    if (size === 0) return [];
    const after = this.before(db, userId, list, offset);
    let rows: R[];
    if (after !== undefined || offset === 0) rows = await read(after, size, 0);
    else {
      const wider = await read(undefined, size + 1, offset - 1);
      if (wider[0] !== undefined) this.remember(db, userId, list, offset, keyOf(wider[0]));
      rows = wider.slice(1);
    }
    const last = rows.at(-1);
    if (last !== undefined && rows.length === size)
      this.remember(db, userId, list, offset + size, keyOf(last));
    return rows;
  }
}
