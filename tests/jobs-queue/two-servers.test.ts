import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ImportJob } from '../../domain/library-import';
import { loadConfig } from '../../server/config';
import { createDatabase, type Db } from '../../server/db/database';
import { HttpClient } from '../crash/http-client';
import { writeAlbums } from '../crash/tagged-copies';
import { createPgDatabase } from '../helpers/test-app';
import {
  ADMIN_PASSWORD,
  importLeaseHolder,
  logLines,
  startTwoServers,
  type AppServer,
} from './app-servers';

const onPostgres = process.env.TEST_DB === 'postgres';
const ALBUMS = 40;
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Two app server processes on one fresh PostgreSQL database, as behind a load balancer
 * (issue 32): a periodic job runs once per period between them, and an import whose server is
 * killed with SIGKILL is finished by the other.
 */
describe.runIf(onPostgres)('two app servers on one PostgreSQL', () => {
  let dataDir: string;
  let music: string;
  let paths: string[];
  let pgDb: { url: string; drop(): Promise<void> };
  let db: Db;
  const servers: AppServer[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'musicbox-two-servers-'));
    // Beside DATA_DIR, as a library must be (decision 0058).
    music = await mkdtemp(join(tmpdir(), 'musicbox-two-servers-music-'));
    paths = await writeAlbums(music, ALBUMS, 1, 1);
    pgDb = await createPgDatabase(inject('pgRunPrefix'), inject('pgTemplate'));
    db = createDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: pgDb.url })).db;
    servers.push(
      ...(await startTwoServers(dataDir, pgDb.url, {
        MUSIC_DIR: music,
        LOG_LEVEL: 'debug',
        // The test knobs: a 2-second period for the session sweep, a 2-second import lease.
        SESSION_SWEEP_SECONDS: '2',
        JOB_LEASE_SECONDS: '2',
      })),
    );
  }, 240_000);
  afterAll(async () => {
    for (const server of servers) await server.kill9();
    await db?.destroy();
    await pgDb?.drop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(music, { recursive: true, force: true });
  });

  it('runs a periodic job once per period however many servers offer it', async () => {
    const ran = () =>
      servers.flatMap((server, i) =>
        logLines(server.output(), 'periodic job ran')
          .filter((line) => line.job === 'session-sweep')
          .map((line) => ({ server: i, slot: String(line.slot) })),
      );
    await expect
      .poll(() => new Set(ran().map((r) => r.slot)).size, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(6);
    const runs = ran();
    const slots = runs.map((r) => r.slot);
    // Every period ran on exactly one of the two servers.
    expect(new Set(slots).size).toBe(slots.length);
    // Periods start on whole 2-second boundaries (the database's period, not a server's).
    for (const slot of slots) expect(new Date(slot).getTime() % 2000).toBe(0);
    const byServer = servers.map((_, i) => runs.filter((r) => r.server === i).length);
    console.log(`${slots.length} periods, run by server A/B: ${byServer.join('/')}`);
  }, 90_000);

  it('finishes on one server an import whose server was killed with SIGKILL', async () => {
    const landed = async () =>
      Number(
        (
          await db
            .selectFrom('files')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('path', 'like', `${music}%`)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const admin = new HttpClient(servers[0]!.url);
    await admin.login('admin', ADMIN_PASSWORD);
    const job = await admin.json<ImportJob>('POST', '/api/library/import');

    // Mid-way, provably: the server holding the import lease has landed some tracks, not all.
    let runner: AppServer | null = null;
    for (let i = 0; runner === null || (await landed()) === 0; i++) {
      if (i > 6000) throw new Error('the import never started');
      runner = await importLeaseHolder(db, servers);
      await pause(10);
    }
    await runner.kill9();
    const atKill = await landed();
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(ALBUMS);
    console.log(`killed the importing server with ${atKill} of ${ALBUMS} tracks in the catalogue`);

    const survivor = servers.find((server) => server !== runner)!;
    admin.baseUrl = survivor.url;
    await admin.login('admin', ADMIN_PASSWORD);
    let after = job;
    for (let i = 0; ; i++) {
      after = await admin.json<ImportJob>('GET', `/api/library/import/${job.jobId}`);
      if (after.state !== 'running') break;
      if (i > 1200) throw new Error(`the job stayed "running":\n${survivor.output()}`);
      await pause(100);
    }
    expect(after).toMatchObject({
      state: 'done',
      imported: ALBUMS,
      filesTotal: expect.any(Number),
    });
    expect(await importLeaseHolder(db, servers)).toBeNull();
    // Each file once, each album one collection.
    const rows = await db.selectFrom('files').select('path').execute();
    expect(rows.map((r) => r.path).sort()).toEqual([...paths].sort());
    const collections = await db.selectFrom('collections').select('import_key').execute();
    expect(collections).toHaveLength(ALBUMS);
  }, 240_000);
});
