/**
 * `npm run bench:million` (issue 32, "a compiled server, small in memory"): the compiled server
 * in its own process on 100,000 collections and 1,000,000 files, on SQLite and on PostgreSQL.
 * Over HTTP from this process: the searches, the homepage and the collection page; then the
 * resident memory of the server's whole process tree, anonymous and file-backed apart.
 * Kept out of `npm run bench`: generating and loading both catalogues takes minutes.
 * BENCH_DBS="sqlite" runs one database; BENCH_COLLECTIONS, BENCH_RUNS size it;
 * BENCH_KEEP_DATABASE=1 leaves the PostgreSQL copy in place (its URL is printed);
 * BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../server/db/migrations';
import type { Database } from '../server/db/tables';
import { copyCatalogue, createDatabase, dropDatabase, withDatabase } from './postgres-copy';
import { treeMemory, type TreeMemory } from './process-tree-memory';
import { sectionMarkers, writeBenchSection } from './report-section';
import { SEARCHES } from './search-bench';
import { libraryCalls, TARGET_SEARCH_P95 } from './million-library-calls';
import { listeningCalls } from './million-listening-calls';
import { serveFlags, sqliteCatalogue } from './served-catalogue';
import { startServer, type RunningServer } from './server-process';
import { measure, ms, summarize, type Timing } from './stats';

const COLLECTIONS = Number(process.env.BENCH_COLLECTIONS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const DBS = (process.env.BENCH_DBS ?? 'sqlite,postgres').split(',') as Array<'sqlite' | 'postgres'>;
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_NAME = `musicbox_million_${process.pid}`;
const PASSWORD = 'bench-password-1';
const MARKERS = sectionMarkers('million-bench');

const servedWith = await serveFlags();
const SERVE_FLAGS = servedWith.trim();
process.env.BENCH_SERVER_NODE_ARGS = `${servedWith}${process.env.BENCH_SERVER_NODE_ARGS ?? ''}`;
const MIB = 2 ** 20;

const TARGET_RSS_MIB = 200;
const TARGET_HOMEPAGE_P95 = 50;

interface Call {
  name: string;
  timing: Timing;
  target?: number;
  /** The machine's 1-minute load average when the call's runs ended. */
  load: number;
}

interface DbFigures {
  db: 'sqlite' | 'postgres';
  files: number;
  prepareSeconds: number;
  prepareWhat: string;
  dbSize: string;
  firstHomepage: number;
  build: PlaylistBuild;
  calls: Call[];
  atStart: TreeMemory;
  after: TreeMemory;
}

/** A fresh database of the bench's own on the local PostgreSQL, migrated, with the same rows. */
async function postgresCatalogue(sqliteFile: string): Promise<{ url: string; rows: number }> {
  await createDatabase(POSTGRES, PG_NAME);
  const url = withDatabase(POSTGRES, PG_NAME);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
  });
  await migrateToLatest(db, 'postgres');
  await db.destroy();
  return { url, rows: await copyCatalogue(sqliteFile, url) };
}

async function postgresSize(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ size: string }>(
    'SELECT pg_database_size(current_database()) AS size',
  );
  await client.end();
  return Number(rows[0]?.size ?? 0);
}

async function callsOver(
  server: RunningServer,
): Promise<{ first: number; build: PlaylistBuild; calls: Call[] }> {
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(server.cookie)?.[1] ?? '';
  const get = async (path: string) => {
    const res = await fetch(`${server.base}${path}`, { headers: { cookie: server.cookie } });
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    return res.arrayBuffer();
  };
  const search = async (body: unknown) => {
    const res = await fetch(`${server.base}/api/audio_collection/search`, {
      method: 'POST',
      headers: { cookie: server.cookie, 'content-type': 'application/json', 'x-xsrf-token': xsrf },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`search: ${res.status} ${await res.text()}`);
    return res.arrayBuffer();
  };
  const calls: Call[] = [];
  const timed = async (name: string, work: () => Promise<unknown>, target?: number) => {
    console.log(`  ${name}...`);
    calls.push({ name, timing: await measure(RUNS, work, 10), target, load: loadavg()[0]! });
  };
  // The day's first homepage sends the job that builds the generated playlists; it is timed
  // apart, and so are the homepages asked while the job reads the library.
  const started = performance.now();
  await get('/api/homepage');
  const first = performance.now() - started;
  const build = await awaitPlaylists(get);
  for (const { name, body } of SEARCHES)
    await timed(`search: ${name}`, () => search(body), TARGET_SEARCH_P95);
  await timed('homepage: GET /api/homepage', () => get('/api/homepage'), TARGET_HOMEPAGE_P95);
  // Collection pages as members open them: a different visible collection each time.
  const found = JSON.parse(
    new TextDecoder().decode(await search({ query: '', offset: 0, limit: 500 })),
  ) as { data: Array<{ collectionId: number }> };
  const ids = found.data.map((c) => c.collectionId);
  let next = 0;
  const nextId = () => ids[(next += 1) % ids.length]!;
  await timed('collection page: GET /api/audio_collection/{id}', () =>
    get(`/api/audio_collection/${nextId()}`),
  );
  await timed('collection page: GET /api/collection/{id}/recommendations?count=5', () =>
    get(`/api/collection/${nextId()}/recommendations?count=5`),
  );
  // Issue 51: the one-letter search, the Subsonic sync pages and the whole-library indexes.
  const record = (name: string, samples: number[], target?: number) => {
    const timing = summarize(samples);
    calls.push({ name: `${name} (${samples.length} pages)`, timing, target, load: loadavg()[0]! });
  };
  await libraryCalls(server, search, timed, record, COLLECTIONS * 10);
  // Issue 48: a smart playlist and radio pages.
  await listeningCalls(server, get, ids, timed);
  return { first, build, calls };
}

interface PlaylistBuild {
  readyMs: number;
  slowestMs: number;
  homepages: number;
}

/** Asks for the homepage every 100 ms until the random, top and special playlists are there. */
async function awaitPlaylists(get: (path: string) => Promise<ArrayBuffer>): Promise<PlaylistBuild> {
  const started = performance.now();
  let slowestMs = 0;
  let homepages = 0;
  for (;;) {
    const asked = performance.now();
    const page = JSON.parse(new TextDecoder().decode(await get('/api/homepage'))) as Record<
      'playlistsRandom' | 'playlistsTop' | 'playlistsSpecial',
      unknown[]
    >;
    slowestMs = Math.max(slowestMs, performance.now() - asked);
    homepages += 1;
    const kinds = [page.playlistsRandom, page.playlistsTop, page.playlistsSpecial];
    if (kinds.every((cards) => cards.length > 0))
      return { readyMs: performance.now() - started, slowestMs, homepages };
    if (performance.now() - started > 10 * 60_000)
      throw new Error('the generated playlists were not built within 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function benchOne(
  db: 'sqlite' | 'postgres',
  dataDir: string,
  catalogue: { file: string; files: number; seconds: number },
): Promise<DbFigures> {
  let env: Record<string, string> = {};
  let prepareSeconds = catalogue.seconds;
  let prepareWhat = `generated into SQLite in ${catalogue.seconds.toFixed(1)} s`;
  let dbSize = `${((await stat(catalogue.file)).size / MIB).toFixed(0)} MiB file`;
  let serverDir = dataDir;
  if (db === 'postgres') {
    console.log('loading the same rows into PostgreSQL...');
    const started = performance.now();
    const { url, rows } = await postgresCatalogue(catalogue.file);
    prepareSeconds = (performance.now() - started) / 1000;
    prepareWhat = `${rows.toLocaleString('en')} rows copied from SQLite in ${prepareSeconds.toFixed(1)} s`;
    dbSize = `${((await postgresSize(url)) / MIB).toFixed(0)} MiB (pg_database_size)`;
    env = { DATABASE_URL: url };
    serverDir = await mkdtemp(join(tmpdir(), 'musicbox-million-pg-'));
  }
  // A real library has its loudness measured at import; the generated rows point at no audio,
  // and a backfill spawning ffmpeg for each of them would be measured instead of the server.
  const server = await startServer(serverDir, PASSWORD, {
    ...env,
    LOUDNESS_BACKFILL_DELAY_MS: '3600000',
  });
  try {
    const atStart = await treeMemory(server.child.pid!);
    console.log(`${db}: over HTTP...`);
    const { first, build, calls } = await callsOver(server);
    const after = await treeMemory(server.child.pid!);
    return {
      db,
      files: catalogue.files,
      prepareSeconds,
      prepareWhat,
      dbSize,
      firstHomepage: first,
      build,
      calls,
      atStart,
      after,
    };
  } finally {
    await server.stop();
    if (db === 'postgres') {
      await rm(serverDir, { recursive: true, force: true });
      // Kept for EXPLAIN by hand when asked; the bench's own name, so nothing else is touched.
      if (process.env.BENCH_KEEP_DATABASE === '1')
        console.log(`postgres: kept ${withDatabase(POSTGRES, PG_NAME)}`);
      else await dropDatabase(POSTGRES, PG_NAME);
    }
  }
}

const mib = (bytes: number) => `${(bytes / MIB).toFixed(0)} MiB`;

const dbName = (db: DbFigures['db']) => (db === 'sqlite' ? 'SQLite' : 'PostgreSQL');
const met = (c: Call | undefined) =>
  c?.target === undefined ? '' : c.timing.p95 < c.target ? ' (met)' : ' (missed)';

/** Every call with each database's p50 / p95 and load average side by side (issue 51). */
function sideBySide(results: DbFigures[]): string[] {
  const names = [...new Set(results.flatMap((r) => r.calls.map((c) => c.name)))];
  const head = results.map((r) => `${dbName(r.db)} p50 / p95 | load`).join(' | ');
  return [
    '### Both databases side by side',
    '',
    `| call | target (p95) | ${head} |`,
    `| --- | ---: | ${results.map(() => '---: | ---:').join(' | ')} |`,
    ...names.map((name) => {
      const found = results.map((r) => r.calls.find((c) => c.name === name));
      const target = found.find((c) => c?.target !== undefined)?.target;
      const cells = found.map((c) =>
        c === undefined
          ? ' | '
          : `${ms(c.timing.p50)} / ${ms(c.timing.p95)}${met(c)} | ${c.load.toFixed(2)}`,
      );
      return `| ${name} | ${target === undefined ? '' : `< ${target} ms`} | ${cells.join(' | ')} |`;
    }),
    '',
  ];
}

function render(results: DbFigures[]): string {
  const lines = [
    MARKERS.begin,
    '## 1,000,000 files over HTTP: the compiled server, its memory, the homepage (issue 32), search and indexes on both databases (issue 51)',
    '',
    `\`npm run bench:million\`. Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; shared with other work, so the 1-minute load average is printed beside each latency. Catalogue: ${COLLECTIONS.toLocaleString('en')} collections, ${results[0]?.files.toLocaleString('en') ?? '?'} files (rows only, bench/generate-catalogue.ts). The server is \`dist/server/main.js\` run by \`node ${SERVE_FLAGS}\` (the flags of \`npm run serve\`) in its own process (DEMO=0, loudness backfill not started); this process signs in over HTTP and calls it with \`fetch\`, ${RUNS} runs after 10 warm-up runs each. Memory: /proc/<pid>/status of the server and every descendant, summed, after all the calls (SQLite's mmap of the database, when on, counts as file-backed).`,
    '',
  ];
  lines.push(...sideBySide(results));
  for (const r of results) {
    lines.push(
      `### ${dbName(r.db)}`,
      '',
      `Catalogue ${r.prepareWhat}; database ${r.dbSize}. First homepage of the day: ${ms(r.firstHomepage)}; it asks the job queue for the day's generated playlists, which were ready ${(r.build.readyMs / 1000).toFixed(1)} s later; homepages asked every 100 ms meanwhile took at most ${ms(r.build.slowestMs)} (${r.build.homepages} asked).`,
      '',
      '| process tree memory | RSS total | anonymous | file-backed | shared memory | PSS | processes | target |',
      '| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |',
      ...(
        [
          ['after start', r.atStart],
          ['after the calls', r.after],
        ] as const
      ).map(
        ([when, m]) =>
          `| ${when} | ${mib(m.rss)} | ${mib(m.anon)} | ${mib(m.file)} | ${mib(m.shmem)} | ${mib(m.pss)} | ${m.processes.map((p) => `${p.name} ${mib(p.rss)}`).join(', ')} | RSS < ${TARGET_RSS_MIB} MiB ${m.rss < TARGET_RSS_MIB * MIB ? '(met)' : '(missed)'} |`,
      ),
      '',
    );
  }
  lines.push(MARKERS.end);
  return lines.join('\n');
}

const dataDir = await mkdtemp(join(tmpdir(), 'musicbox-million-'));
try {
  console.log(`generating ${COLLECTIONS} collections with 10 tracks each...`);
  const started = performance.now();
  const { file, files } = await sqliteCatalogue(dataDir, COLLECTIONS, PASSWORD);
  const seconds = (performance.now() - started) / 1000;
  console.log(`  ${files} files in ${seconds.toFixed(1)} s`);
  const results: DbFigures[] = [];
  for (const db of DBS) results.push(await benchOne(db, dataDir, { file, files, seconds }));
  await writeBenchSection(MARKERS, render(results));
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
