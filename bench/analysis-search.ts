/**
 * The search half of bench/analysis-bench.ts: the server in its own process on a generated
 * catalogue, searched over HTTP back to back while idle, then while a load process runs the
 * old analysis, then the new one.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { loadConfig } from '../server/config';
import { configureSqlite } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrations';
import type { Database } from '../server/db/tables';
import { seed } from '../server/root/seed';
import { generateCatalogue } from './generate-catalogue';
import { SEARCHES } from './search-bench';
import { startServer } from './server-process';
import { summarize } from './stats';

const COLLECTIONS = Number(process.env.BENCH_ANALYSIS_COLLECTIONS ?? 20_000);
const SECONDS = Number(process.env.BENCH_ANALYSIS_SEARCH_SECONDS ?? 20);

export interface SearchStep {
  name: string;
  count: number;
  p50: number;
  p95: number;
  target: string;
}

export interface SearchSteps {
  collections: number;
  seconds: number;
  /** Idle first: the others are read against it. */
  steps: SearchStep[];
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function searchDuringLoad(
  startLoad: (mode: 'old' | 'new') => ChildProcess,
): Promise<SearchSteps> {
  const dataDir = await mkdtemp(join(tmpdir(), 'musicbox-analysis-search-'));
  const password = 'bench-password-1';
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: password, DEMO: '0' });
  const dbFile = join(dataDir, 'musicbox.db');
  const sqlite = new SqliteDatabase(dbFile);
  configureSqlite(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    await migrateToLatest(db, 'sqlite');
    await seed(db, config);
    await db.destroy();
    generateCatalogue(dbFile, COLLECTIONS);
    // The backfill would meter the generated rows (files that do not exist) meanwhile.
    const server = await startServer(dataDir, password, { LOUDNESS_BACKFILL_DELAY_MS: '3600000' });
    try {
      const xsrf = /XSRF-TOKEN=([^;]+)/.exec(server.cookie)?.[1] ?? '';
      let turn = 0;
      const search = async () => {
        const body = SEARCHES[turn++ % SEARCHES.length]!.body;
        const res = await fetch(`${server.base}/api/audio_collection/search`, {
          method: 'POST',
          headers: {
            cookie: server.cookie,
            'content-type': 'application/json',
            'x-xsrf-token': xsrf,
          },
          body: JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`search answered ${res.status}`);
        await res.arrayBuffer();
      };
      const step = async (name: string, target: string): Promise<SearchStep> => {
        const samples: number[] = [];
        const until = performance.now() + SECONDS * 1000;
        while (performance.now() < until) {
          const started = performance.now();
          await search();
          samples.push(performance.now() - started);
        }
        return { name, count: samples.length, ...summarize(samples), target };
      };
      for (let i = 0; i < 50; i += 1) await search();
      const steps = [await step('idle', '')];
      for (const [mode, name, target] of [
        ['old', 'during the old analysis (two decodes, nice 0)', ''],
        ['new', 'during the new analysis (one decode, nice 10)', '≤ 1.5x idle'],
      ] as const) {
        const load = startLoad(mode);
        await pause(2000);
        try {
          steps.push(await step(name, target));
        } finally {
          load.kill('SIGTERM');
          // Its last ffmpeg runs end with the pipe they write to.
          await pause(3000);
        }
      }
      return { collections: COLLECTIONS, seconds: SECONDS, steps };
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
