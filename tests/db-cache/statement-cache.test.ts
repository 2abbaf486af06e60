import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql, SqliteDialect, type Generated } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureSqlite, createDatabase } from '../../server/db/database';
import { migrate, migrateToLatest } from '../../server/db/migrations';
import { CachedSqliteDialect } from '../../server/db/sqlite-driver';
import { StatementCache } from '../../server/db/statement-cache';

// The cache is SQLite's (PostgreSQL keeps its own driver): these tests open their own files.
interface Tables {
  notes: { id: Generated<number>; body: string; stars: number };
}

let dir: string;
const opened: Kysely<Tables>[] = [];

function open(file: string, cached: boolean): Kysely<Tables> {
  const sqlite = new SqliteDatabase(file);
  configureSqlite(sqlite);
  const dialect = cached
    ? new CachedSqliteDialect(sqlite)
    : new SqliteDialect({ database: sqlite });
  const db = new Kysely<Tables>({ dialect });
  opened.push(db);
  return db;
}

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'musicbox-stmt-cache-'));
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
  await fs.rm(dir, { recursive: true, force: true });
});

async function workload(db: Kysely<Tables>): Promise<unknown[]> {
  await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL, stars INTEGER NOT NULL)`.execute(
    db,
  );
  const seen: unknown[] = [];
  for (let i = 0; i < 3; i += 1) {
    const inserted = await db
      .insertInto('notes')
      .values({ body: `note ${i}`, stars: i })
      .executeTakeFirst();
    seen.push(inserted.insertId, inserted.numInsertedOrUpdatedRows);
  }
  const updated = await db
    .updateTable('notes')
    .set((eb) => ({ stars: eb('stars', '+', 10) }))
    .where('stars', '>', 0)
    .executeTakeFirst();
  seen.push(updated.numUpdatedRows);
  // The same statement run again with other parameters.
  for (const min of [0, 11, 99]) {
    seen.push(await db.selectFrom('notes').selectAll().where('stars', '>=', min).execute());
  }
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('notes').values({ body: 'kept', stars: 1 }).execute();
  });
  await db
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto('notes').values({ body: 'rolled back', stars: 1 }).execute();
      throw new Error('undo');
    })
    .catch(() => undefined);
  const trx = await db.startTransaction().execute();
  await trx.insertInto('notes').values({ body: 'before savepoint', stars: 2 }).execute();
  const saved = await trx.savepoint('s1').execute();
  await saved.insertInto('notes').values({ body: 'after savepoint', stars: 3 }).execute();
  await saved.rollbackToSavepoint('s1').execute();
  await trx.commit().execute();
  seen.push(await db.selectFrom('notes').select(['body', 'stars']).orderBy('id').execute());
  const streamed: unknown[] = [];
  for await (const row of db.selectFrom('notes').select('body').orderBy('id').stream()) {
    streamed.push(row);
  }
  seen.push(streamed);
  return seen;
}

describe('the SQLite statement cache', () => {
  it('gives the same results as Kysely’s own driver, transactions and savepoints included', async () => {
    const stock = await workload(open(path.join(dir, 'stock.db'), false));
    const cached = await workload(open(path.join(dir, 'cached.db'), true));
    expect(cached).toEqual(stock);
    const bodies = (stock.at(-1) as { body: string }[]).map((n) => n.body);
    expect(bodies).toEqual(['note 0', 'note 1', 'note 2', 'kept', 'before savepoint']);
  });

  it('keeps a statement prepared, bounded, and re-reads the schema after it changes', () => {
    const sqlite = new SqliteDatabase(path.join(dir, 'cache.db'));
    const cache = new StatementCache(sqlite, 2);
    cache.prepare('CREATE TABLE t (a INTEGER)').run();
    cache.prepare('INSERT INTO t (a) VALUES (?)').run(1);
    const select = cache.prepare('SELECT * FROM t');
    expect(cache.prepare('SELECT * FROM t')).toBe(select);
    expect(select.all()).toEqual([{ a: 1 }]);
    // A column added by another statement: the kept statement sees it.
    sqlite.exec("ALTER TABLE t ADD COLUMN b TEXT DEFAULT 'x'");
    expect(cache.prepare('SELECT * FROM t').all()).toEqual([{ a: 1, b: 'x' }]);
    // A schema statement through the cache empties it.
    cache.prepare('CREATE TABLE u (c INTEGER)').run();
    expect(cache.size).toBe(0);
    for (const n of [1, 2, 3, 4]) cache.prepare(`SELECT ${n} AS n`).get();
    expect(cache.size).toBe(2);
    expect(cache.prepare('SELECT 4 AS n').get()).toEqual({ n: 4 });
    sqlite.close();
  });

  it('serves the same query over a table dropped and made again with other columns', async () => {
    const db = open(path.join(dir, 'recreated.db'), true);
    await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL, stars INTEGER NOT NULL)`.execute(
      db,
    );
    await db.insertInto('notes').values({ body: 'old', stars: 1 }).execute();
    expect(await db.selectFrom('notes').selectAll().execute()).toEqual([
      { id: 1, body: 'old', stars: 1 },
    ]);
    await sql`DROP TABLE notes`.execute(db);
    await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, stars INTEGER NOT NULL, body TEXT NOT NULL, extra TEXT)`.execute(
      db,
    );
    await db.insertInto('notes').values({ body: 'new', stars: 2 }).execute();
    expect(await db.selectFrom('notes').selectAll().execute()).toEqual([
      { id: 1, stars: 2, body: 'new', extra: null },
    ]);
  });

  it('runs the migrations down and up again through the cache', async () => {
    const { db, dialect } = createDatabase({
      database: { kind: 'sqlite', file: path.join(dir, 'migrated.db') },
    });
    try {
      await migrateToLatest(db, dialect);
      const count = () =>
        sql<{ n: number }>`SELECT count(*) AS n FROM rate_limit_windows`.execute(db);
      await db
        .insertInto('rate_limit_windows')
        .values({ limit_key: 'k', hits: 1, reset_at: 5 })
        .execute();
      expect((await count()).rows).toEqual([{ n: 1 }]);
      await migrate(db, dialect, '0020-share-links');
      await expect(count()).rejects.toThrow(/no such table/);
      await migrateToLatest(db, dialect);
      expect((await count()).rows).toEqual([{ n: 0 }]);
    } finally {
      await db.destroy();
    }
  });

  it('lets queries that wait for a transaction run after it, in order, outside it', async () => {
    const db = open(path.join(dir, 'queue.db'), true);
    await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL, stars INTEGER NOT NULL)`.execute(
      db,
    );
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('notes').values({ body: 'in the transaction', stars: 0 }).execute();
        await held;
        throw new Error('undo');
      })
      .catch(() => 'rolled back');
    const waiting = Array.from({ length: 50 }, (_, i) =>
      db
        .insertInto('notes')
        .values({ body: `waiting ${i}`, stars: i })
        .execute(),
    );
    release();
    expect(await transaction).toBe('rolled back');
    await Promise.all(waiting);
    const rows = await db.selectFrom('notes').select('body').orderBy('id').execute();
    expect(rows.map((r) => r.body)).toEqual(Array.from({ length: 50 }, (_, i) => `waiting ${i}`));
  });
});
