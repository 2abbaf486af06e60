import { spawn, spawnSync } from 'node:child_process';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';

/**
 * Database snapshots for backups (issue 31). SQLite: the online backup API, in steps so the
 * event loop keeps serving between them. A step copies pages under a read lock; a commit by
 * another connection between steps restarts the copy, so a finished copy is always one
 * committed state. When writes keep restarting it, the steps grow until the copy finishes in
 * one (a few seconds' block at worst, never a torn file). PostgreSQL: pg_dump's custom format,
 * which reads everything in one repeatable-read transaction.
 */
export async function snapshotSqlite(
  source: string,
  target: string,
  onProgress: (fraction: number) => void = () => {},
): Promise<void> {
  const db = new SqliteDatabase(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    let pagesPerStep = 1024;
    let lastRemaining = Number.POSITIVE_INFINITY;
    await db.backup(target, {
      progress: ({ totalPages, remainingPages }) => {
        // Remaining pages going up means a writer restarted the copy: take bigger steps.
        if (remainingPages > lastRemaining) pagesPerStep = Math.min(pagesPerStep * 4, 0x7fffffff);
        lastRemaining = remainingPages;
        onProgress(totalPages === 0 ? 1 : 1 - remainingPages / totalPages);
        return pagesPerStep;
      },
    });
  } finally {
    db.close();
  }
  // The copy keeps the source's WAL mode; checkpointing leaves one self-contained file.
  const copy = new SqliteDatabase(target);
  try {
    copy.pragma('wal_checkpoint(TRUNCATE)');
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/** Whether pg_dump and pg_restore are on PATH (the PostgreSQL part of a backup needs them). */
export function postgresToolsAvailable(): boolean {
  return ['pg_dump', 'pg_restore'].every(
    (tool) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).status === 0,
  );
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else {
        const error = new Error(`${command} failed (exit ${String(code)}): ${stderr.trim()}`);
        // pg_dump out of room says so only in words; the code lets callers say "disk full".
        reject(
          /No space left on device/i.test(stderr)
            ? Object.assign(error, { code: 'ENOSPC' })
            : error,
        );
      }
    });
  });
}

export const dumpPostgres = (url: string, target: string): Promise<void> =>
  run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${target}`, url]);

/** Refuses a database that already holds tables: a restore never mixes two installations. */
export async function restorePostgres(url: string, dump: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'public'",
    );
    if (Number(rows[0]?.n ?? 0) > 0)
      throw new Error('The database in DATABASE_URL is not empty: restore needs an empty one');
  } finally {
    await client.end();
  }
  await run('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${url}`,
    dump,
  ]);
}

/** The SQLite file and its companions, which a file copy must never take. */
export const sqliteCompanions = (file: string): string[] => [
  file,
  `${file}-wal`,
  `${file}-shm`,
  `${file}-journal`,
];
