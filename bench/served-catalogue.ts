import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { loadConfig } from '../server/config';
import { configureSqlite } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrations';
import type { Database } from '../server/db/tables';
import { seed } from '../server/root/seed';
import { generateCatalogue } from './generate-catalogue';

/**
 * The node flags `npm run serve` gives the compiled server (V8's young generation among them,
 * which weighs on RSS), read from package.json, so a bench measures what production runs.
 */
export async function serveFlags(): Promise<string> {
  const scripts = (
    JSON.parse(await readFile('package.json', 'utf8')) as {
      scripts: { serve: string };
    }
  ).scripts;
  const flags = /exec node ((?:--\S+ )*)dist\/server\/main\.js/.exec(scripts.serve)?.[1];
  if (flags === undefined)
    throw new Error('package.json: no "node ... dist/server/main.js" in serve');
  return flags;
}

/**
 * A fresh SQLite file in `dataDir`, migrated and seeded as the server would leave it, holding
 * `collections` generated collections (bench/generate-catalogue.ts).
 */
export async function sqliteCatalogue(
  dataDir: string,
  collections: number,
  password: string,
): Promise<{ file: string; files: number }> {
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: password, DEMO: '0' });
  const file = join(dataDir, 'musicbox.db');
  const sqlite = new SqliteDatabase(file);
  configureSqlite(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrateToLatest(db, 'sqlite');
  await seed(db, config);
  await db.destroy();
  const { files } = generateCatalogue(file, collections);
  return { file, files };
}
