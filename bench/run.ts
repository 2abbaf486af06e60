// `npm run bench`: prints the server's speed and memory figures and writes docs/benchmarks.md.
// Never a pass/fail test: targets are listed beside the figures.
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { buildRepositories } from '../server/root/repositories';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { configureSqlite } from '../server/db/database';
import type { Database } from '../server/db/tables';
import { migrateToLatest } from '../server/db/migrations';
import { seed } from '../server/root/seed';
import { importFolder } from '../server/jobs/library-import';
import { ImageStore } from '../server/media/image-store';
import { TestClient } from '../tests/helpers/client';
import { runAnalysisBench } from './analysis-bench';
import { runAuthFloodBench } from './auth-flood-bench';
import { generateCatalogue } from './generate-catalogue';
import { importRate, makeImportFolder } from './import-bench';
import {
  coldSpeeds,
  makeWav,
  rangeLatency,
  rawReadSpeed,
  streamSpeed,
  transcodeFirstByte,
} from './media-bench';
import { writeReport } from './report';
import { runClientSuite } from './client-suite';
import { runLibraryRescanBench } from './library-rescan-bench';
import { runListenerBench } from './listener-bench';
import { runPlayerBench } from './player-gap-bench';
import { benchSearches, SEARCHES } from './search-bench';
import { startServer } from './server-process';
import { storeBench } from './store-bench';
import { runSubsonicBench, writeSubsonicReport } from './subsonic-bench';
import { measure } from './stats';

const COLLECTIONS = Number(process.env.BENCH_COLLECTIONS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

const dataDir = await mkdtemp(join(tmpdir(), 'musicbox-bench-'));
const password = 'bench-password-1';
const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: password, DEMO: '0' });
const dbFile = join(dataDir, 'musicbox.db');
const sqlite = new SqliteDatabase(dbFile);
configureSqlite(sqlite);
const captured: CompiledQuery[] = [];
const db = new Kysely<Database>({
  dialect: new SqliteDialect({ database: sqlite }),
  log: (event) => {
    if (event.level === 'query') captured.push(event.query);
  },
});
await migrateToLatest(db, 'sqlite');
await seed(db, config);

console.log(`generating ${COLLECTIONS} collections with 10 tracks each...`);
const started = performance.now();
const { files } = generateCatalogue(dbFile, COLLECTIONS);
const generateSeconds = (performance.now() - started) / 1000;
console.log(`  ${files} files in ${generateSeconds.toFixed(1)} s`);

// In process: each search through Fastify (inject) beside the very SQL it ran.
const app = await buildApp({ config, db, clientDir: join(dataDir, 'no-client') });
const client = new TestClient(app);
const login = await client.post('/api/login', { username: config.adminUser, password });
if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
console.log('search...');
const searches = await benchSearches(client, dbFile, captured, RUNS);
console.log('homepage...');
const homepage = await measure(50, () => client.get('/api/homepage'), 3);

console.log('import...');
const repo = buildRepositories(db, 'sqlite').catalogueWrite;
const images = new ImageStore(join(dataDir, 'images'));
const importDir = join(dataDir, 'import');
await makeImportFolder(importDir);
const imported = await importRate(repo, images, join(importDir, 'library'));
const mediaDir = join(dataDir, 'media', 'bench');
await mkdir(mediaDir, { recursive: true });
const wav = join(mediaDir, 'fifty-megabytes.wav');
await makeWav(wav, 284);
await importFolder(repo, images, mediaDir, { waveforms: false });
const file = await db
  .selectFrom('files')
  .select(['file_id', 'size'])
  .where('path', '=', wav)
  .executeTakeFirstOrThrow();
await app.close();
await db.destroy();

// Out of process: the server as `npm start` runs it, for HTTP media figures and its memory.
console.log('server process: media and memory...');
const server = await startServer(dataDir, password);
const post = (body: unknown) =>
  fetch(`${server.base}/api/audio_collection/search`, {
    method: 'POST',
    headers: {
      cookie: server.cookie,
      'content-type': 'application/json',
      'x-xsrf-token': /XSRF-TOKEN=([^;]+)/.exec(server.cookie)?.[1] ?? '',
    },
    body: JSON.stringify(body),
  }).then((r) => r.arrayBuffer());
for (const search of SEARCHES) await measure(20, () => post(search.body), 5);
await fetch(`${server.base}/api/homepage`, { headers: { cookie: server.cookie } });
const rss = await server.rss();
const streamUrl = `${server.base}/downloader/file/${file.file_id}?playback=true`;
const rawSpeed = await rawReadSpeed(wav);
const streamed = await streamSpeed(streamUrl, server.cookie);
const cold = await coldSpeeds(wav, streamUrl, server.cookie);
const ranges = await rangeLatency(streamUrl, server.cookie, file.size, 100);
const firstByte = await transcodeFirstByte(
  `${server.base}/downloader/file/${file.file_id}?format=MP3_320`,
  server.cookie,
  join(dataDir, 'cache'),
  10,
);
console.log('OpenSubsonic...');
const subsonic = await runSubsonicBench(server, RUNS);
await server.stop();
const dbSize = (await stat(dbFile)).size;
await rm(dataDir, { recursive: true, force: true });

await writeReport({
  machine: `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
  collections: COLLECTIONS,
  files,
  generateSeconds,
  dbSize,
  searches,
  homepage,
  rss,
  fileSize: file.size,
  rawSpeed,
  streamed,
  cold,
  ranges,
  firstByte,
  imported,
});
await writeSubsonicReport(subsonic, { collections: COLLECTIONS, files });
await runAuthFloodBench();

await storeBench();

// The client: build, first load over HTTP and Lighthouse, on its own server with the demo library.
await runClientSuite();
await runPlayerBench();

// Listeners reading at 320 kbps beside searches, stepped up until the server stops holding them.
await runListenerBench();

// A living library (issue 46): rescans of 100,000 and 1,000,000 unchanged files over HTTP, a
// new album listed while the server follows its folder, and the RSS of the big rescan.
await runLibraryRescanBench();

// An import's analysis of new files: one decode for waveform and loudness against the two of
// before, and search latency while it runs. Last: it lowers this process's priority (nice 10).
await runAnalysisBench();
