const MAX_ENTRIES = 5000;

/**
 * Where each page a user was served ended, so that the page at offset + size continues after
 * that key (an index seek) instead of counting OFFSET rows again: apps sync the library page
 * by page, and OFFSET grows with the depth. Held by the service of one app (one database); a
 * miss (another process, an evicted or skipped page) falls back to OFFSET, so an answer never
 * depends on the cache being there.
 */
export class PageCursors<C> {
  private readonly entries = new Map<string, C>();

  /** The key of the row before `offset` in this list, if a page ending there was served. */
  private before(userId: number, list: string, offset: number): C | undefined {
    if (offset === 0) return undefined;
    return this.entries.get(`${userId}|${list}|${offset}`);
  }

  /** Notes that the page ending before `offset` ended with the row keyed `cursor`. */
  private remember(userId: number, list: string, offset: number, cursor: C): void {
    const key = `${userId}|${list}|${offset}`;
    this.entries.delete(key);
    this.entries.set(key, cursor);
    // Maps keep insertion order: the first key is the least recently stored.
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }

  /**
   * One page of `size` rows at `offset`, read by `read(after, limit, offset)`: after the
   * remembered key when there is one, else by OFFSET from one row earlier, so that the key
   * before this page is remembered as well as the one after it (asking the same page again,
   * or the next one, then seeks).
   */
  async page<R>(
    userId: number,
    list: string,
    at: { offset: number; size: number },
    read: (after: C | undefined, limit: number, offset: number) => Promise<R[]>,
    keyOf: (row: R) => C,
  ): Promise<R[]> {
    const { offset, size } = at;
    if (size === 0) return [];
    const after = this.before(userId, list, offset);
    let rows: R[];
    if (after !== undefined || offset === 0) rows = await read(after, size, 0);
    else {
      const wider = await read(undefined, size + 1, offset - 1);
      if (wider[0] !== undefined) this.remember(userId, list, offset, keyOf(wider[0]));
      rows = wider.slice(1);
    }
    const last = rows.at(-1);
    if (last !== undefined && rows.length === size)
      this.remember(userId, list, offset + size, keyOf(last));
    return rows;
  }
}
