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

  const pgTemplate =
    process.env.TEST_DB === 'postgres' ? `musicbox_template_${randomBytes(6).toString('hex')}` : '';
  if (pgTemplate) await migratePgTemplate(pgTemplate);
  project.provide('pgTemplate', pgTemplate);

  return async () => {
    if (pgTemplate) await pgAdminQuery(`DROP DATABASE IF EXISTS ${pgTemplate} WITH (FORCE)`);
    await fs.rm(dir, { recursive: true, force: true });
  };
}
