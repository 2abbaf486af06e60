/**
 * History and "Your year" over HTTP (issue 48): a page of 50 of a heavy listener's history,
 * a search in it, and their year's figures. Run alone, `npx tsx bench/history-bench.ts`
 * generates BENCH_COLLECTIONS collections (default 2,000: about 20,000 files) into SQLite,
 * gives the administrator BENCH_LISTENS listens (default 100,000) spread over the past year,
 * starts the compiled server on them and prints the figures.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { sqliteCatalogue } from './served-catalogue';
import { startServer } from './server-process';
import { measure, ms } from './stats';

/** What a page or a year may take at p95 (the radio's page target, issue 48). */
export const HISTORY_TARGET_P95 = 100;
const PASSWORD = 'bench-password-1';
const YEAR_MS = 365 * 86_400_000;

/** `count` listens of the administrator, random tracks at random seconds of the past year. */
export function addListens(file: string, count: number): void {
  const db = new SqliteDatabase(file);
  try {
    const admin = db.prepare('SELECT user_id FROM users WHERE is_admin = 1 LIMIT 1').get() as {
      user_id: number;
    };
    const tracks = db
      .prepare(
        'SELECT f.file_id, f.collection_id, a.duration FROM files f JOIN audio a USING (file_id)',
      )
      .all() as Array<{ file_id: number; collection_id: number; duration: number }>;
    const insert = db.prepare(
      `INSERT OR IGNORE INTO listens (user_id, file_id, collection_id, played_at, client, duration_ms)
       VALUES (?, ?, ?, ?, 'web', ?)`,
    );
    const now = Date.now();
    db.transaction(() => {
      for (let i = 0; i < count; i += 1) {
        const track = tracks[Math.floor(Math.random() * tracks.length)]!;
        const at = Math.floor((now - Math.random() * YEAR_MS) / 1000) * 1000;
        const iso = new Date(at).toISOString();
        insert.run(
          admin.user_id,
          track.file_id,
          track.collection_id,
          iso,
          Math.round(track.duration * 1000),
        );
      }
    })();
  } finally {
    db.close();
  }
}

/** p95 of each call (`runs` runs after 5 warm-up runs), printed. */
export async function runHistoryBench(base: string, cookie: string, runs = 20): Promise<void> {
  const year = new Date().getUTCFullYear();
  const calls: Array<[string, string]> = [
    ['history page of 50', '/api/user/history?limit=50'],
    ['history page 50 deep', '/api/user/history?limit=50&offset=5000'],
    ['history search', '/api/user/history?limit=50&q=a'],
    ['year figures', `/api/user/stats?year=${year}`],
  ];
  for (const [name, path] of calls) {
    const timing = await measure(
      runs,
      async () => {
        const res = await fetch(`${base}${path}`, { headers: { cookie } });
        if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      },
      5,
    );
    const verdict = timing.p95 < HISTORY_TARGET_P95 ? 'within' : 'OVER';
    console.log(
      `  ${name}: p50 ${ms(timing.p50)}, p95 ${ms(timing.p95)} (${verdict} ${HISTORY_TARGET_P95} ms)`,
    );
  }
}

async function main(): Promise<void> {
  const collections = Number(process.env.BENCH_COLLECTIONS ?? 2_000);
  const listens = Number(process.env.BENCH_LISTENS ?? 100_000);
  const dataDir = await mkdtemp(join(tmpdir(), 'musicbox-history-bench-'));
  try {
    const { file, files } = await sqliteCatalogue(dataDir, collections, PASSWORD);
    addListens(file, listens);
    console.log(
      `SQLite: ${files.toLocaleString('en')} files, ${listens.toLocaleString('en')} listens`,
    );
    const server = await startServer(dataDir, PASSWORD, { LOUDNESS_BACKFILL_DELAY_MS: '3600000' });
    try {
      await runHistoryBench(server.base, server.cookie, Number(process.env.BENCH_RUNS ?? 20));
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
