import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BackupStatus } from '../../domain/backups';
import { DISK_FULL } from '../../server/errors';
import { runCli } from '../backups/backup-helpers';
import { type TestClient } from '../helpers/client';
import { setUpApp } from '../helpers/setup';
import { canMountTmpfs, smallDisks, type SmallDisks } from '../helpers/small-disk';
import { type TestApp } from '../helpers/test-app';

/**
 * A full disk under the backups folder (issue 31 §3), for a backup started by an administrator
 * and for `npm run backup`: the run is recorded as failed saying the disk is full, the
 * half-written backup folder is removed, the backup made before stays, the server keeps
 * answering, and with room again the next backup is done.
 */
const mountable = await canMountTmpfs();

let disks: SmallDisks;
let t: TestApp;
let admin: TestClient;
let backups: string;

const status = async () => (await admin.get('/api/admin/backups')).json<BackupStatus>();
async function backUp(): Promise<BackupStatus> {
  const started = await admin.post('/api/admin/backups', {});
  expect(started.statusCode, started.body).toBe(202);
  // Polled, not timed: the test's own timeout bounds it.
  for (;;) {
    const now = await status();
    if (now.current === null) return now;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
/** Finished backups and half-written (hidden) ones; the filler is neither. */
const folders = async () => (await readdir(backups)).filter((n) => n.includes('musicbox-backup-'));
const cliEnv = () => ({
  DATA_DIR: t.config.dataDir,
  ...(t.config.database.kind === 'postgres' ? { DATABASE_URL: t.config.database.url } : {}),
});

describe.skipIf(!mountable)('a full disk under the backups folder', () => {
  beforeAll(async () => {
    disks = await smallDisks(['backups'], 32 * 1024);
    ({ t, admin } = await setUpApp({ env: { DATA_DIR: disks.dataDir } }));
    backups = path.join(disks.dataDir, 'backups');
    expect((await backUp()).last).toMatchObject({ state: 'done', error: null });
  }, 120_000);
  afterEach(() => disks.free());
  afterAll(async () => {
    await t?.close();
    await disks?.cleanup();
  });

  it('records the run as failed because the disk is full and leaves no partial backup', async () => {
    const before = await folders();
    expect(before).toHaveLength(1);
    await disks.fill();
    expect((await backUp()).last).toMatchObject({ state: 'failed', error: DISK_FULL });
    expect(await folders()).toEqual(before);
    expect((await admin.get('/api/admin/backups')).statusCode).toBe(200);
    await disks.free();
    expect((await backUp()).last).toMatchObject({ state: 'done', error: null });
    expect(await folders()).toHaveLength(2);
  }, 120_000);

  it('makes `npm run backup` exit 1 saying the disk is full, leaving no partial backup', async () => {
    const before = await folders();
    await disks.fill();
    const failed = await runCli('backup', backups, cliEnv());
    expect(failed.code).toBe(1);
    expect(failed.output).toContain(`backup failed: ${DISK_FULL}`);
    expect(await folders()).toEqual(before);
    await disks.free();
    const done = await runCli('backup', backups, cliEnv());
    expect(done.code, done.output).toBe(0);
    expect(await folders()).toHaveLength(before.length + 1);
  }, 120_000);
});
