import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { createPgDatabase } from '../helpers/test-app';
import type { Db } from '../../server/db/database';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Runs `npm run backup|restore` the way an operator does: tsx in a process of its own. */
export function runCli(
  script: 'backup' | 'restore',
  arg: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'server', 'cli', `${script}.ts`), arg],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', ...env } },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Every row of every table, each as canonical JSON, sorted: a table compares as a multiset. */
export async function dumpTables(db: Db): Promise<Map<string, string[]>> {
  // The app's own tables: on PostgreSQL the job queue keeps its tables in its schema (pgboss).
  const tables = (await db.introspection.getTables())
    .filter((t) => t.schema === undefined || t.schema === 'public')
    .map((t) => t.name)
    .filter((name) => !name.startsWith('kysely_'));
  const dump = new Map<string, string[]>();
  for (const table of tables.sort()) {
    const rows = await db
      .selectFrom(table as 'users')
      .selectAll()
      .execute();
    dump.set(
      table,
      rows
        .map((row) =>
          JSON.stringify(
            Object.entries(row)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v]),
          ),
        )
        .sort(),
    );
  }
  return dump;
}

/** Stored files (path relative to the data dir -> sha256), as a backup takes them. */
export async function hashTree(
  root: string,
  skip: (relative: string) => boolean,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const rel = path.relative(root, full);
      if (skip(rel)) continue;
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile())
        out.set(
          rel,
          createHash('sha256')
            .update(await readFile(full))
            .digest('hex'),
        );
    }
  };
  await walk(root);
  return out;
}

/** An empty PostgreSQL database to restore into, and its removal. */
export const emptyPgDatabase = () => createPgDatabase('musicbox_restore');
