// `npm run bench`: prints the server's speed and memory figures and writes docs/benchmarks.md.
// Never a pass/fail test: targets are listed beside the figures.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db/tables';
import { configureSqlite } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrations';
import { seed } from '../server/db/seed';
import { importFolder } from '../server/jobs/library-import';
import { ImageStore } from '../server/media/image-store';
import { CatalogueWriteRepository } from '../server/modules/catalogue/catalogue-write.repository';
import { TestClient } from '../tests/helpers/client';
import { generateCatalogue } from './generate-catalogue';
import { importRate, makeImportFolder } from './import-bench';
import {
  makeWav,
  rangeLatency,
  rawReadSpeed,
  streamSpeed,
  transcodeFirstByte,
} from './media-bench';
import { writeReport } from './report';
import { benchSearches } from './search-bench';
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

const app = await buildApp({ config, db, clientDir: join(dataDir, 'no-client') });
const client = new TestClient(app);
const login = await client.post('/api/login', { username: config.adminUser, password });
if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);

console.log('search...');
const searches = await benchSearches(client, dbFile, captured, RUNS);
console.log('homepage...');
const homepage = await measure(50, () => client.get('/api/homepage'), 3);
const rss = process.memoryUsage().rss;

console.log('media...');
const repo = new CatalogueWriteRepository(db, 'sqlite');
const images = new ImageStore(join(dataDir, 'images'));
const mediaDir = join(dataDir, 'media', 'bench');
const { mkdir } = await import('node:fs/promises');
await mkdir(mediaDir, { recursive: true });
const wav = join(mediaDir, 'fifty-megabytes.wav');
await makeWav(wav, 284);
await importFolder(repo, images, mediaDir, { waveforms: false });
const file = await db
  .selectFrom('files')
  .select(['file_id', 'size'])
  .where('path', '=', wav)
  .executeTakeFirstOrThrow();
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const streamUrl = `${base}/downloader/file/${file.file_id}?playback=true`;
const rawSpeed = await rawReadSpeed(wav);
const streamed = await streamSpeed(streamUrl, cookie);
const ranges = await rangeLatency(streamUrl, cookie, file.size, 100);
const firstByte = await transcodeFirstByte(
  `${base}/downloader/file/${file.file_id}?format=MP3_320`,
  cookie,
  join(dataDir, 'cache'),
  10,
);

console.log('import...');
const importDir = join(dataDir, 'import');
await makeImportFolder(importDir);
const imported = await importRate(repo, images, join(importDir, 'library'));

await app.close();
await db.destroy();
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
  ranges,
  firstByte,
  imported,
});
