import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrations';

/**
 * Vitest globalSetup: migrates one SQLite file and (TEST_DB=postgres) one PostgreSQL database
 * per run, which every test app then copies (test-app.ts) instead of running all migrations
 * again. Made fresh on every run, from the migrations in the tree, so a template is never
 * older than the code it stands in for.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, unseeded SQLite file (journal_mode DELETE, so the file alone is complete). */
    sqliteTemplate: string;
    /** A migrated, unseeded PostgreSQL database nobody stays connected to, or '' without one. */
    pgTemplate: string;
    /** The start of every test app's database name in this run, so teardown finds its own. */
    pgRunPrefix: string;
  }
}

export const pgAdminUrl = (): string =>
  process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function pgDatabaseUrl(name: string): string {
  const url = new URL(pgAdminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export async function pgAdminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgAdminUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function pgDatabasesNamed(prefix: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: pgAdminUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [prefix],
    );
    return rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
}

async function migrateSqliteTemplate(file: string): Promise<void> {
  const { db, dialect } = createDatabase({ database: { kind: 'sqlite', file } });
  await migrateToLatest(db, dialect);
  // Out of WAL mode, so a plain file copy carries every page (the app turns WAL back on).
  await sql`PRAGMA journal_mode = DELETE`.execute(db);
  await db.destroy();
}

async function migratePgTemplate(name: string): Promise<void> {
  await pgAdminQuery(`CREATE DATABASE ${name}`);
  const { db, dialect } = createDatabase({
    database: { kind: 'postgres', url: pgDatabaseUrl(name) },
  });
  try {
    await migrateToLatest(db, dialect);
  } finally {
    // A template with an open connection cannot be copied.
    await db.destroy();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'musicbox-template-'));
  const sqliteFile = path.join(dir, 'musicbox.db');
  await migrateSqliteTemplate(sqliteFile);
  project.provide('sqliteTemplate', sqliteFile);

  const run = randomBytes(4).toString('hex');
  const pgTemplate = process.env.TEST_DB === 'postgres' ? `musicbox_template_${run}` : '';
  if (pgTemplate) await migratePgTemplate(pgTemplate);
  project.provide('pgTemplate', pgTemplate);
  const pgRunPrefix = `musicbox_test_${run}`;
  project.provide('pgRunPrefix', pgRunPrefix);

  return async () => {
    if (pgTemplate) {
      // Test apps drop their databases without waiting (test-app.ts); one a test process did
      // not finish dropping before it ended is dropped here. Only this run's: others may be
      // running on the same server.
      for (const name of await pgDatabasesNamed(`${pgRunPrefix}_`))
        await pgAdminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await pgAdminQuery(`DROP DATABASE IF EXISTS ${pgTemplate} WITH (FORCE)`);
    }
    await fs.rm(dir, { recursive: true, force: true });
  };
}
