import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { createDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrations';
import { makeMp3 } from '../helpers/audio';
import { TestClient } from '../helpers/client';
import { filesOf } from '../helpers/library-files';
import { multipartForm } from '../helpers/multipart';
import { createPlaylist, likedPlaylistOf } from '../helpers/playlists';
import { registerMember, type Member } from '../helpers/setup';
import { samples, uploadOk } from '../helpers/uploads';
import { buyer, storeSetup, type Buyer, type StoreSetup } from '../store/store-helpers';
import { dumpTables, emptyPgDatabase, hashTree, runCli } from './backup-helpers';

const onPostgres = process.env.TEST_DB === 'postgres';
const BALANCE = 2000;
let s: StoreSetup;
let alice: Member;
let appPassword: string;
let paid: number;
let playlistId: number;
const buyers: Buyer[] = [];
const work: string[] = [];

// What a backup takes: not the database files, the transcode cache, partial uploads or backups.
const notStored = (rel: string): boolean =>
  /^(musicbox\.db(-wal|-shm|-journal)?|cache|tus|backups)$/.test(rel) || /\.tmp/.test(rel);

async function libraryUpload(admin: TestClient, name: string, mp3: Buffer): Promise<void> {
  const created = await admin.put('/downloader/collection/0', { name });
  expect(created.statusCode, created.body).toBe(200);
  const { collectionId } = created.json<{ collectionId: number }>();
  const form = multipartForm([{ filename: `${name}.mp3`, data: mp3 }]);
  const sent = await admin.post(`/downloader/upload/${collectionId}`, form.body, {
    headers: form.headers,
  });
  expect(sent.statusCode, sent.body).toBe(200);
}

async function purchase(user: Buyer): Promise<void> {
  const quote = await user.post('/api/payments/buy_collection', { collectionId: paid });
  const { productId } = quote.json<{ productId: number }>();
  const bought = await user.post('/api/payments/checkout', { productId, provider: 'balance' });
  expect(bought.statusCode, bought.body).toBe(200);
}

beforeAll(async () => {
  s = await storeSetup({ fixture: true });
  if (s.fx === null) throw new Error('fixture missing');
  paid = s.fx.ids.paid;
  await s.admin.post('/api/settings', { streamingOnly: false });
  alice = await registerMember(s.t, 'alice', { confirmed: true });
  const created = await alice.put('/api/user/app_password', { name: 'phone' });
  appPassword = created.json<{ password: string }>().password;
  // Committed before the snapshot: an import, an upload, a purchase, a playlist, a like, a comment.
  await libraryUpload(
    s.admin,
    'Before',
    await makeMp3({ title: 'B', album: 'Before', artist: 'X' }),
  );
  await uploadOk(alice, 'before.mp3', samples.mp3Id3());
  for (let i = 0; i < 7; i++) buyers.push(await buyer(s.t, BALANCE, { enable_store: 1 }));
  await purchase(buyers[0]!);
  const [audio] = (await filesOf(s.t, paid)).filter((f) => f.format !== null);
  playlistId = (await createPlaylist(alice, { title: 'Keep' })).playlistId;
  await alice.put(`/api/playlist/${playlistId}/file`, { ids: [audio!.fileId] });
  await alice.put(`/api/playlist/${await likedPlaylistOf(alice)}/file`, { ids: [audio!.fileId] });
  const group = await s.t.db
    .selectFrom('collections')
    .select('comment_group_id')
    .where('collection_id', '=', paid)
    .executeTakeFirstOrThrow();
  const comment = await alice.post('/api/comments', {
    group: group.comment_group_id,
    body: 'kept',
  });
  expect(comment.statusCode, comment.body).toBe(200);
}, 180_000);

afterAll(async () => {
  await s.close();
});

describe('npm run backup, then npm run restore', () => {
  it('restores every committed row and file while imports, purchases and uploads run', async () => {
    const { t, admin } = s;
    const mp3s = await Promise.all(
      [1, 2, 3].map((n) =>
        makeMp3({ title: `D${n}`, album: `During ${n}`, artist: 'Y', track: n }),
      ),
    );
    const before = await dumpTables(t.db);
    const beforeFiles = await hashTree(t.config.dataDir, notStored);
    const target = await mkdtemp(path.join(os.tmpdir(), 'musicbox-backups-'));
    const env: Record<string, string> = onPostgres
      ? { DATA_DIR: t.config.dataDir, DATABASE_URL: (t.config.database as { url: string }).url }
      : { DATA_DIR: t.config.dataDir };

    // The backup runs in its own process while this one keeps writing.
    let finished = false;
    const backup = runCli('backup', target, env).finally(() => (finished = true));
    let round = 0;
    while (!finished || round < 2) {
      round += 1;
      const jobs: Array<Promise<unknown>> = [
        uploadOk(alice, `during-${round}.mp3`, samples.mp3Id3()),
      ];
      const next = buyers[round];
      if (next !== undefined) jobs.push(purchase(next));
      const mp3 = mp3s[round - 1];
      if (mp3 !== undefined) jobs.push(libraryUpload(admin, `During ${round}`, mp3));
      await Promise.all(jobs);
      work.push(`round ${round}`);
    }
    const result = await backup;
    expect(result.code, result.output).toBe(0);
    const after = await dumpTables(t.db);
    const afterFiles = await hashTree(t.config.dataDir, notStored);
    const [folder] = (await readdir(target)).filter((n) => n.startsWith('musicbox-backup-'));
    expect(folder).toBeDefined();

    // Restore into a fresh data folder (and a fresh database on PostgreSQL).
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'musicbox-restored-'));
    const pgTarget = onPostgres ? await emptyPgDatabase() : null;
    const restoredEnv: Record<string, string> = {
      DATA_DIR: dataDir,
      ...(pgTarget ? { DATABASE_URL: pgTarget.url } : {}),
    };
    const restored = await runCli('restore', path.join(target, folder!), restoredEnv);
    expect(restored.code, restored.output).toBe(0);

    const config: Config = loadConfig({ ...restoredEnv, PUBLIC_URL: 'http://restored.test' });
    const { db, dialect } = createDatabase(config);
    try {
      await migrateToLatest(db, dialect);
      // Rows hold absolute paths: the restore moved them to the new folder.
      const rows = new Map(
        [...(await dumpTables(db))].map(([table, list]) => [
          table,
          list.map((row) => row.replaceAll(dataDir, t.config.dataDir)),
        ]),
      );
      compareTables(before, after, rows);
      await checkBalances(db);
      await checkFiles(db, dataDir, beforeFiles, afterFiles);
      await checkServer(config, db);
    } finally {
      await db.destroy();
      await pgTarget?.drop();
      await rm(dataDir, { recursive: true, force: true });
      await rm(target, { recursive: true, force: true });
    }
    expect(work.length).toBeGreaterThanOrEqual(2);
  }, 240_000);
});

/**
 * Every row committed before the backup and not changed while it ran is back, identical; every
 * restored row is one that was committed (before, or by the end), never a torn state.
 */
function compareTables(
  before: Map<string, string[]>,
  after: Map<string, string[]>,
  restored: Map<string, string[]>,
): void {
  expect([...restored.keys()]).toEqual([...before.keys()]);
  for (const [table, rows] of before) {
    const got = new Set(restored.get(table));
    const end = new Set(after.get(table));
    const unchanged = rows.filter((row) => end.has(row));
    expect(
      unchanged.filter((row) => !got.has(row)),
      `${table}: rows lost`,
    ).toEqual([]);
    const known = new Set([...rows, ...end]);
    const stray = [...got].filter((row) => !known.has(row));
    expect(stray, `${table}: rows that were never committed`).toEqual([]);
  }
}

/** A purchase and its ledger row land together: no balance without its ledger entry. */
async function checkBalances(db: Db): Promise<void> {
  for (const user of buyers) {
    const row = await db
      .selectFrom('users')
      .select('balance')
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    const ledger = await db
      .selectFrom('ledger')
      .select('amount')
      .where('user_id', '=', user.userId)
      .execute();
    const spent = ledger.reduce((sum, entry) => sum + Number(entry.amount), 0);
    expect(Number(row.balance) + spent, `buyer ${user.userId}`).toBe(BALANCE);
  }
}

async function checkFiles(
  db: Db,
  dataDir: string,
  beforeFiles: Map<string, string>,
  afterFiles: Map<string, string>,
): Promise<void> {
  const restoredFiles = await hashTree(dataDir, notStored);
  for (const [rel, hash] of beforeFiles) expect(restoredFiles.get(rel), rel).toBe(hash);
  for (const [rel, hash] of restoredFiles) {
    // A file written during the backup may be there; if so, whole.
    expect([beforeFiles.get(rel), afterFiles.get(rel)], rel).toContain(hash);
  }
  for (const file of await db.selectFrom('files').select(['path', 'size']).execute()) {
    expect(existsSync(file.path), file.path).toBe(true);
    expect(statSync(file.path).size, file.path).toBe(Number(file.size));
  }
  for (const upload of await db.selectFrom('uploads').select('stored_name').execute())
    expect(existsSync(path.join(dataDir, 'uploads', upload.stored_name))).toBe(true);
  for (const { image_hash: hash } of await db.selectFrom('images').select('image_hash').execute())
    expect(existsSync(path.join(dataDir, 'images', hash.slice(0, 2), hash)), hash).toBe(true);
  expect(await readFile(path.join(dataDir, 'secret.key'))).toBeTruthy();
}

/** A server started on the restored folder serves the same accounts, purchases and media. */
async function checkServer(config: Config, db: Db): Promise<void> {
  const app = await buildApp({ config, db, clientDir: path.join(config.dataDir, 'no-client') });
  try {
    const client = new TestClient(app);
    client.remoteAddress = '10.99.0.1';
    expect(
      (await client.login((buyers[0] as Buyer & Member).userName, 'password-123')).statusCode,
    ).toBe(200);
    const [audio] = await db
      .selectFrom('files')
      .innerJoin('audio', 'audio.file_id', 'files.file_id')
      .select(['files.file_id', 'files.path'])
      .where('files.collection_id', '=', paid)
      .execute();
    const download = await client.get(`/downloader/file/${audio!.file_id}`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.rawPayload.equals(await readFile(audio!.path))).toBe(true);
    const aliceAgain = new TestClient(app);
    aliceAgain.remoteAddress = '10.99.0.2';
    expect((await aliceAgain.login('alice', 'password-123')).statusCode).toBe(200);
    const playlist = await aliceAgain.get(`/api/playlist/${playlistId}`);
    expect(playlist.statusCode, playlist.body).toBe(200);
    // secret.key came along: the app password still decrypts.
    const ping = await app.inject({
      method: 'GET',
      url: `/rest/ping?f=json&apiKey=${appPassword}`,
    });
    expect(
      ping.json<{ 'subsonic-response': { status: string } }>()['subsonic-response'].status,
    ).toBe('ok');
  } finally {
    await app.close();
  }
}
