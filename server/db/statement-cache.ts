import type SqliteDatabase from 'better-sqlite3';

type Statement = SqliteDatabase.Statement<unknown[], unknown>;

/** Statements that change the schema or the connection: prepared each time, never kept. */
const UNCACHED = /^\s*(create|drop|alter|pragma|vacuum|attach|detach|reindex|analyze)\b/i;

/**
 * Prepared statements kept by their SQL text, least recently used dropped first. Kysely's own
 * SQLite driver prepared every query anew, and preparing was an eighth of the server's main
 * thread under the listener load (issue 31 §5). A kept statement stays valid across schema
 * changes: SQLite re-prepares it on its next step when the schema it was compiled against has
 * changed; after any schema statement the cache is emptied all the same, so a statement over a
 * dropped table is not kept alive.
 */
export class StatementCache {
  private readonly kept = new Map<string, Statement>();
  hits = 0;
  misses = 0;

  constructor(
    private readonly db: SqliteDatabase.Database,
    private readonly limit = 500,
  ) {}

  get size(): number {
    return this.kept.size;
  }

  prepare(sql: string): Statement {
    const found = this.kept.get(sql);
    if (found !== undefined) {
      this.hits += 1;
      // Re-inserted so the Map's order stays least recently used first.
      this.kept.delete(sql);
      this.kept.set(sql, found);
      return found;
    }
    this.misses += 1;
    const statement = this.db.prepare<unknown[], unknown>(sql);
    if (UNCACHED.test(sql)) {
      this.kept.clear();
      return statement;
    }
    this.kept.set(sql, statement);
    if (this.kept.size > this.limit) {
      const oldest = this.kept.keys().next().value;
      if (oldest !== undefined) this.kept.delete(oldest);
    }
    return statement;
  }

  clear(): void {
    this.kept.clear();
  }
}
