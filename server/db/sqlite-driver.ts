import type SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import { StatementCache } from './statement-cache';

/**
 * Kysely's SQLite dialect with two changes to its driver, both for a server under load
 * (issue 31 §5): statements are kept prepared (StatementCache), and callers waiting for the
 * one connection are queued in order. Kysely's mutex woke every waiter on each release, and all
 * but one went back to sleep: with hundreds of requests in flight that cost grows with the square
 * of the queue. Transactions, savepoints and the connection's PRAGMAs are unchanged.
 */
export class CachedSqliteDialect extends SqliteDialect {
  constructor(private readonly sqlite: SqliteDatabase.Database) {
    super({ database: sqlite });
  }

  override createDriver(): Driver {
    return new CachedSqliteDriver(this.sqlite);
  }
}

/** One connection, handed to one caller at a time, first come first served. */
class ConnectionQueue {
  private held = false;
  private readonly waiting: (() => void)[] = [];

  acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    // Handed straight to the next caller: the connection is never seen free while one waits.
    if (next !== undefined) next();
    else this.held = false;
  }
}

class CachedSqliteConnection implements DatabaseConnection {
  constructor(
    private readonly sqlite: SqliteDatabase.Database,
    readonly statements: StatementCache,
  ) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.statements.prepare(compiledQuery.sql);
    const parameters = compiledQuery.parameters as unknown[];
    if (statement.reader) return Promise.resolve({ rows: statement.all(parameters) as R[] });
    const { changes, lastInsertRowid } = statement.run(parameters);
    return Promise.resolve({
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [],
    });
  }

  streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) {
      throw new Error('Sqlite driver only supports streaming of select queries');
    }
    // A fresh statement: a kept one would be busy for as long as the caller iterates.
    const rows = this.sqlite
      .prepare(compiledQuery.sql)
      .iterate(compiledQuery.parameters as unknown[]) as IterableIterator<R>;
    const stream: AsyncIterableIterator<QueryResult<R>> = {
      next: () => {
        const step = rows.next();
        return Promise.resolve(
          step.done === true
            ? { done: true, value: undefined }
            : { done: false, value: { rows: [step.value] } },
        );
      },
      return: () => {
        rows.return?.();
        return Promise.resolve({ done: true, value: undefined });
      },
      [Symbol.asyncIterator]: () => stream,
    };
    return stream;
  }
}

class CachedSqliteDriver implements Driver {
  private readonly queue = new ConnectionQueue();
  private readonly connection: CachedSqliteConnection;

  constructor(private readonly sqlite: SqliteDatabase.Database) {
    this.connection = new CachedSqliteConnection(sqlite, new StatementCache(sqlite));
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.queue.acquire();
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quote(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quote(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quote(name)}`));
  }

  releaseConnection(): Promise<void> {
    this.queue.release();
    return Promise.resolve();
  }

  destroy(): Promise<void> {
    this.connection.statements.clear();
    this.sqlite.close();
    return Promise.resolve();
  }
}

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;
