import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Download } from '../../domain/servers';
import { loadConfig } from '../../server/config';
import { createDatabase, type Db } from '../../server/db/database';
import { makeMp3 } from '../helpers/audio';
import { HttpClient } from '../crash/http-client';
import { createPgDatabase } from '../helpers/test-app';
import { startFileServer, trickle } from '../servers/fixtures';
import { ADMIN_PASSWORD, startTwoServers, type AppServer } from './app-servers';

const onPostgres = process.env.TEST_DB === 'postgres';
/** How long the file server holds each fetch of the track open: a download in flight. */
const HOLD_MS = 6000;
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * The built-in server's downloads with two app servers on one PostgreSQL (issue 32): a download
 * runs on one server only, however often the other looks for unfinished ones, and the other
 * takes it over when its server is killed with SIGKILL.
 */
describe.runIf(onPostgres)("two app servers share server 0's downloads", () => {
  let dataDir: string;
  let pgDb: { url: string; drop(): Promise<void> };
  let db: Db;
  let files: Awaited<ReturnType<typeof startFileServer>>;
  const servers: AppServer[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'musicbox-two-downloads-'));
    const mp3 = await makeMp3({ title: 'Taken Over', album: 'Handed On', artist: 'Two Hosts' });
    files = await startFileServer({ '/slow.mp3': trickle(mp3, HOLD_MS) });
    pgDb = await createPgDatabase(inject('pgRunPrefix'), inject('pgTemplate'));
    db = createDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: pgDb.url })).db;
    servers.push(
      ...(await startTwoServers(dataDir, pgDb.url, {
        DOWNLOADER_ALLOW_PRIVATE: '1',
        // Each server looks for downloads a dead server left every second.
        JOB_LEASE_SECONDS: '1',
      })),
    );
  }, 240_000);
  afterAll(async () => {
    for (const server of servers) await server.kill9();
    await files?.close();
    await db?.destroy();
    await pgDb?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs a download on one server only, and on the other after a SIGKILL', async () => {
    const [a, b] = servers as [AppServer, AppServer];
    const admin = new HttpClient(a.url);
    await admin.login('admin', ADMIN_PASSWORD);
    const queued = await admin.json<Download>('POST', '/downloader/0/api/download', {
      url: `${files.url}/slow.mp3`,
      source: 'url',
    });
    const fetches = () => files.hits.get('/slow.mp3') ?? 0;
    for (let i = 0; fetches() === 0; i++) {
      if (i > 300) throw new Error('server A never started the download');
      await pause(20);
    }
    // Several of B's recovery rounds pass while A's fetch is held open: B leaves it alone.
    await pause(HOLD_MS / 2);
    expect(fetches()).toBe(1);

    await a.kill9();
    admin.baseUrl = b.url;
    await admin.login('admin', ADMIN_PASSWORD);
    let download = queued;
    for (let i = 0; download.state !== 'done' && download.state !== 'error'; i++) {
      if (i > 600) throw new Error(`the download did not finish on B:\n${b.output()}`);
      await pause(100);
      const list = await admin.json<Download[]>('GET', '/downloader/0/api/download');
      download = list.find((d) => d.downloadId === queued.downloadId) ?? download;
    }
    expect(download).toMatchObject({ state: 'done' });
    // B fetched it once afresh; the track is in the catalogue once.
    expect(fetches()).toBe(2);
    const collections = await db.selectFrom('collections').select('collection_id').execute();
    expect(collections).toHaveLength(1);
    const tracks = await db.selectFrom('files').select('file_id').execute();
    expect(tracks).toHaveLength(1);
  }, 120_000);
});
