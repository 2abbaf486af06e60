import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { execFile, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createDatabase, type Db } from '../../server/db/database';
import { HttpClient } from '../crash/http-client';
import { writeTone } from '../helpers/audio';
import { parseAudio } from '../helpers/library-files';
import { multipartForm } from '../helpers/multipart';
import { S3RVER_CREDENTIALS, s3rverClient, startS3rver } from '../helpers/s3rver';
import { createPgDatabase } from '../helpers/test-app';
import { startServer, type AppServer } from '../jobs-queue/app-servers';

const run = promisify(execFile);
const onPostgres = process.env.TEST_DB === 'postgres';
const PASSWORD = 'shared-storage-admin-42';
const BUCKET = 'musicbox-two-servers';

/** Every file under a folder (relative names), or [] when it does not exist. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * Two app server processes, each with a data folder of its own, on one PostgreSQL database and
 * one S3 bucket (s3rver), as behind a load balancer without sticky sessions (issue 32): what is
 * uploaded and imported through A streams with Range, zips and transcodes through B; a purchase
 * made through A unlocks downloads through B; a sign-in limit counts attempts on both.
 */
describe.runIf(onPostgres)('two app servers on one database and one bucket', () => {
  let work: string;
  let s3rver: ChildProcess;
  let endpoint: string;
  let pgDb: { url: string; drop(): Promise<void> };
  let db: Db;
  let a: AppServer;
  let b: AppServer;
  const dataA = () => join(work, 'a');
  const dataB = () => join(work, 'b');
  let track: Buffer;
  let collectionId: number;
  let fileIds: number[];

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'musicbox-shared-storage-'));
    const started = await startS3rver(join(work, 's3'));
    s3rver = started.child;
    endpoint = `http://127.0.0.1:${started.port}`;
    (await s3rverClient(endpoint, BUCKET)).destroy();
    pgDb = await createPgDatabase(inject('pgRunPrefix'), inject('pgTemplate'));
    db = createDatabase(loadConfig({ DATA_DIR: work, DATABASE_URL: pgDb.url })).db;
    const env = {
      DATABASE_URL: pgDb.url,
      DEMO: '0',
      ADMIN_PASSWORD: PASSWORD,
      HOST: '127.0.0.1',
      LOUDNESS_BACKFILL_DELAY_MS: '3600000',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: '1',
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    };
    // One after the other: the first seeds the administrator.
    a = await startServer({ ...env, DATA_DIR: dataA() });
    b = await startServer({ ...env, DATA_DIR: dataB() });

    const source = join(work, 'source.flac');
    await writeTone(source, {
      seconds: 4,
      tags: { title: 'Across', artist: 'Two Rooms', album: 'Shared', track: 1 },
    });
    track = await readFile(source);
  }, 240_000);

  afterAll(async () => {
    await a?.kill9();
    await b?.kill9();
    await db?.destroy();
    await pgDb?.drop();
    s3rver?.kill();
    await rm(work, { recursive: true, force: true });
  });

  it('streams with Range, zips and transcodes through B what was uploaded through A', async () => {
    const admin = new HttpClient(a.url);
    await admin.login('admin', PASSWORD);
    ({ collectionId } = await admin.json<{ collectionId: number }>(
      'PUT',
      '/downloader/collection/0',
      { name: 'Shared' },
    ));
    const cover = await sharp({
      create: { width: 32, height: 32, channels: 3, background: '#246' },
    })
      .jpeg()
      .toBuffer();
    const form = multipartForm([
      { filename: '01 Across.flac', data: track },
      { filename: '02 Again.flac', data: track },
      { filename: 'cover.jpg', data: cover },
    ]);
    const uploaded = await admin.request('POST', `/downloader/upload/${collectionId}`, {
      body: form.body,
      headers: form.headers,
    });
    expect(uploaded.status).toBe(200);
    const { collectionImageHash } = (await uploaded.json()) as { collectionImageHash: string };
    // Imported through B: the uploads were kept in the bucket as A placed them.
    admin.baseUrl = b.url;
    const imported = await admin.json<{ added: number }>(
      'POST',
      `/downloader/collection/${collectionId}/import`,
    );
    expect(imported.added).toBe(2);
    const rows = await db
      .selectFrom('files')
      .innerJoin('audio', 'audio.file_id', 'files.file_id')
      .select(['files.file_id', 'files.path'])
      .where('files.collection_id', '=', collectionId)
      .orderBy('files.relative_path')
      .execute();
    fileIds = rows.map((row) => row.file_id);
    // Rows hold storage keys, and neither server keeps the audio on its own disk.
    for (const row of rows) expect(row.path).toMatch(/^media\/uploads\/.+\.flac$/);
    for (const dir of [dataA(), dataB()])
      expect((await filesUnder(join(dir, 'media'))).filter((f) => f.endsWith('.flac'))).toEqual([]);

    const ranged = await admin.request('GET', `/downloader/file/${fileIds[0]}?playback=true`, {
      headers: { range: 'bytes=100-1099' },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-1099/${track.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(track.subarray(100, 1100))).toBe(true);

    const zip = await admin.request('GET', `/downloader/collection/${collectionId}`);
    expect(zip.status).toBe(200);
    const zipFile = join(work, 'shared.zip');
    await writeFile(zipFile, Buffer.from(await zip.arrayBuffer()));
    const { stdout: listing } = await run('unzip', ['-Z1', zipFile]);
    expect(listing.trim().split('\n').sort()).toEqual([
      // Both uploads carry the same tags (title Across, track 1): numbered by position.
      '01 Across.flac',
      '02 Across.flac',
      'cover.jpg',
    ]);
    const { stdout: inZip } = await run('unzip', ['-p', zipFile, '01 Across.flac'], {
      encoding: 'buffer',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(Buffer.compare(inZip, track)).toBe(0);

    const mp3 = await admin.request('GET', `/downloader/file/${fileIds[1]}?format=MP3_320`);
    expect(mp3.status).toBe(200);
    const meta = await parseAudio(Buffer.from(await mp3.arrayBuffer()), 'audio/mpeg');
    expect(meta.format.codec).toMatch(/MPEG 1 Layer 3/);
    expect(meta.format.duration).toBeGreaterThan(3.5);

    // The cover, imported through B from A's upload, answers on A too.
    admin.baseUrl = a.url;
    const image = await admin.request('GET', `/image/${collectionImageHash}?thumb=true`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
  }, 120_000);

  it('unlocks through B the downloads of a purchase made through A', async () => {
    const admin = new HttpClient(a.url);
    await admin.login('admin', PASSWORD);
    await admin.json('POST', `/api/collection/${collectionId}`, { collectionPrice: 300 });
    await admin.json('POST', '/api/settings', { streamingOnly: false });
    const fan = new HttpClient(a.url);
    await fan.json('POST', '/api/register', {
      username: 'far-fan',
      email: 'far-fan@example.com',
      password: 'fan-password-123',
      name: '',
      emailMarketing: false,
    });
    await db
      .updateTable('users')
      .set({ balance: 1000 })
      .where('user_name', '=', 'far-fan')
      .execute();
    fan.baseUrl = b.url;
    expect((await fan.request('GET', `/downloader/file/${fileIds[0]}`)).status).toBe(403);

    fan.baseUrl = a.url;
    const { productId } = await fan.json<{ productId: number }>(
      'POST',
      '/api/payments/buy_collection',
      { collectionId, transcode: false },
    );
    await fan.json('POST', '/api/payments/checkout', { productId, provider: 'balance' });

    fan.baseUrl = b.url;
    const download = await fan.request('GET', `/downloader/file/${fileIds[0]}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(track)).toBe(true);
    const user = await db
      .selectFrom('users')
      .select('balance')
      .where('user_name', '=', 'far-fan')
      .executeTakeFirstOrThrow();
    expect(user.balance).toBe(700);
  }, 60_000);

  it('counts failed sign-ins made on A and on B against one limit', async () => {
    const servers = [a, b];
    const statuses: number[] = [];
    // loginFailuresPerAccount: 10 a quarter hour, whichever server hears them.
    for (let i = 0; i < 11; i += 1) {
      const client = new HttpClient(servers[i % 2]!.url);
      const response = await client.request('POST', '/api/login', {
        json: { username: 'admin', password: `wrong-${i}` },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  }, 60_000);

  it('keeps what both servers made in the one bucket', async () => {
    const client = await s3rverClient(endpoint);
    try {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      const keys = (listed.Contents ?? []).map((object) => object.Key ?? '');
      expect(keys.filter((key) => key.startsWith('media/uploads/')).length).toBe(3);
      expect(keys.some((key) => /^images\/[0-9a-f]{2}\/[0-9a-f]{64}$/.test(key))).toBe(true);
      // The transcode B made, kept where A finds it too.
      expect(keys.some((key) => /^cache\/.+\.mp3$/.test(key))).toBe(true);
    } finally {
      client.destroy();
    }
  });
});
