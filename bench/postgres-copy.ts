import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';

/** The catalogue tables generate-catalogue.ts fills, parents before children. */
const TABLES = [
  'artists',
  'collections',
  'collection_artists',
  'collection_terms',
  'files',
  'audio',
  'track_artists',
] as const;

/** Tables whose key is a serial on PostgreSQL: the sequence must continue past copied ids. */
const SERIALS: Array<[table: string, column: string]> = [
  ['artists', 'artist_id'],
  ['collections', 'collection_id'],
  ['files', 'file_id'],
];

const BATCH = 20_000;

/** A database URL on the same server with another database name. */
export const withDatabase = (url: string, name: string): string => {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
};

/** Creates an empty database of the bench's own (dropped first if a killed run left it). */
export async function createDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/**
 * Copies the generated catalogue rows from SQLite into a migrated PostgreSQL database: one
 * INSERT ... SELECT FROM unnest(arrays) per batch (a parameter per column, not per value), then
 * the serials moved past the copied ids and VACUUM (ANALYZE): a live server's autovacuum does
 * both within minutes of an import (its insert threshold), and until the visibility map is set
 * every index-only scan also reads the table (decision 0071).
 */
export async function copyCatalogue(sqliteFile: string, url: string): Promise<number> {
  const source = new SqliteDatabase(sqliteFile, { readonly: true });
  const target = new pg.Client({ connectionString: url });
  await target.connect();
  let rows = 0;
  try {
    for (const table of TABLES) {
      const pgColumns = await target.query<{ column_name: string; udt_name: string }>(
        `SELECT column_name, udt_name FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name = $1`,
        [table],
      );
      const types = new Map(pgColumns.rows.map((c) => [c.column_name, c.udt_name]));
      const columns = (source.pragma(`table_info(${table})`) as Array<{ name: string }>)
        .map((c) => c.name)
        .filter((name) => types.has(name));
      const insert = `INSERT INTO ${table} (${columns.join(', ')})
        SELECT * FROM unnest(${columns.map((c, i) => `$${i + 1}::${types.get(c)}[]`).join(', ')})`;
      let batch: unknown[][] = columns.map(() => []);
      let inBatch = 0;
      const flush = async () => {
        if (inBatch === 0) return;
        await target.query(insert, batch);
        rows += inBatch;
        batch = columns.map(() => []);
        inBatch = 0;
      };
      await target.query('BEGIN');
      const select = source.prepare(`SELECT ${columns.join(', ')} FROM ${table}`).raw();
      for (const row of select.iterate() as IterableIterator<unknown[]>) {
        row.forEach((value, i) => batch[i]!.push(value));
        inBatch += 1;
        if (inBatch === BATCH) await flush();
      }
      await flush();
      await target.query('COMMIT');
    }
    for (const [table, column] of SERIALS)
      await target.query(
        `SELECT setval(pg_get_serial_sequence('${table}', '${column}'),
          (SELECT coalesce(max(${column}), 1) FROM ${table}))`,
      );
    await target.query('VACUUM (ANALYZE)');
  } finally {
    await target.end();
    source.close();
  }
  return rows;
}
