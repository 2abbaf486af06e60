import { mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { buildRepositories } from '../../server/root/repositories';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BackupStatusSchema, type BackupSchedule, type BackupStatus } from '../../domain/backups';
import { loadConfig } from '../../server/config';
import { createDatabase } from '../../server/db/database';
import { readManifest } from '../../server/modules/backups/backup-manifest';
import { restoreBackup } from '../../server/modules/backups/backup-restore';
import { BackupScheduler } from '../../server/modules/backups/backup-scheduler';
import { BackupsService, pruneBackups } from '../../server/modules/backups/backups.service';
import { TestClient } from '../helpers/client';
import { errorOf, perFile, registerMember, setUpApp } from '../helpers/setup';
import { emptyPgDatabase } from './backup-helpers';

const c = perFile(async () => {
  const setup = await setUpApp();
  return { ...setup, member: await registerMember(setup.t, 'member', { confirmed: true }) };
});

const status = async (client: TestClient): Promise<BackupStatus> => {
  const response = await client.get('/api/admin/backups');
  expect(response.statusCode, response.body).toBe(200);
  return BackupStatusSchema.parse(response.json());
};

async function waitForFinish(client: TestClient): Promise<BackupStatus> {
  for (;;) {
    const now = await status(client);
    if (now.current === null) return now;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('/api/admin/backups', () => {
  it('answers administrators only, and refuses cookie calls without the XSRF header', async () => {
    expect((await c.member.get('/api/admin/backups')).statusCode).toBe(403);
    expect((await c.member.post('/api/admin/backups', {})).statusCode).toBe(403);
    expect((await new TestClient(c.t.app).get('/api/admin/backups')).statusCode).toBe(401);
    expect((await c.admin.post('/api/admin/backups', {}, { noXsrf: true })).statusCode).toBe(403);
  });

  it('starts with the schedule off, no backup yet and DATA_DIR/backups as the folder', async () => {
    const first = await status(c.admin);
    expect(first).toMatchObject({ current: null, last: null });
    expect(first.schedule).toEqual({
      enabled: false,
      timeOfDay: '03:00',
      retention: 7,
      folder: null,
    });
    expect(first.defaultFolder).toBe(path.join(c.t.config.dataDir, 'backups'));
  });

  it('runs a backup in the background, refuses a second at the same time, then shows the last one', async () => {
    const started = await c.admin.post('/api/admin/backups', {});
    expect(started.statusCode, started.body).toBe(202);
    const again = await c.admin.post('/api/admin/backups', {});
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe('A backup is already running');
    const done = await waitForFinish(c.admin);
    expect(done.last).toMatchObject({ state: 'done', trigger: 'manual', error: null, progress: 1 });
    const folder = done.last?.folder ?? '';
    expect(path.dirname(folder)).toBe(path.join(c.t.config.dataDir, 'backups'));
    const manifest = await readManifest(folder);
    expect(done.last?.sizeBytes).toBe(manifest.totalBytes);
    expect(done.last?.fileCount).toBe(manifest.files.length);
    // The secret key is in it; the backups folder itself is not.
    expect(manifest.files.map((f) => f.path)).toContain('files/secret.key');
    expect(manifest.files.some((f) => f.path.startsWith('files/backups/'))).toBe(false);
  });

  it('restores a backup it ran with that run shown as done, not as interrupted', async () => {
    const { last } = await status(c.admin);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'musicbox-restored-'));
    const pgTarget = process.env.TEST_DB === 'postgres' ? await emptyPgDatabase() : null;
    const config = loadConfig({
      DATA_DIR: dataDir,
      ...(pgTarget ? { DATABASE_URL: pgTarget.url } : {}),
    });
    try {
      await restoreBackup(
        last?.folder ?? '',
        config,
        (restored) => buildRepositories(restored, config.database.kind).backups,
      );
      const { db } = createDatabase(config);
      try {
        const restored = new BackupsService(db, config, () => {}, buildRepositories(db, 'sqlite'));
        await restored.recover();
        expect((await restored.status()).last).toMatchObject({
          backupId: last?.backupId,
          state: 'done',
          folder: last?.folder,
        });
      } finally {
        await db.destroy();
      }
    } finally {
      await pgTarget?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('records a failed backup with its reason', async () => {
    const blocker = path.join(c.t.config.dataDir, 'not-a-folder');
    await writeFile(blocker, 'x');
    await c.admin.put('/api/admin/backups/schedule', {
      enabled: false,
      timeOfDay: '03:00',
      retention: 7,
      folder: path.join(blocker, 'inside'),
    });
    expect((await c.admin.post('/api/admin/backups', {})).statusCode).toBe(202);
    const done = await waitForFinish(c.admin);
    expect(done.last?.state).toBe('failed');
    expect(done.last?.error).toMatch(/ENOTDIR|not a directory/);
    await rm(blocker);
  });

  it('saves the schedule and refuses bad values, changing nothing', async () => {
    const schedule: BackupSchedule = {
      enabled: true,
      timeOfDay: '04:30',
      retention: 3,
      folder: null,
    };
    const saved = await c.admin.put('/api/admin/backups/schedule', schedule);
    expect(saved.statusCode, saved.body).toBe(200);
    for (const bad of [
      { ...schedule, timeOfDay: '24:00' },
      { ...schedule, retention: 0 },
      { ...schedule, retention: 1000 },
      { ...schedule, folder: 'relative/path' },
      { ...schedule, folder: 'x'.repeat(2000) },
      { ...schedule, extra: true, enabled: 'yes' },
    ]) {
      expect((await c.admin.put('/api/admin/backups/schedule', bad)).statusCode).toBe(400);
    }
    expect((await status(c.admin)).schedule).toEqual(schedule);
  });
});

describe('the daily backup', () => {
  it('starts counting when switched on, runs once after its time, and keeps the newest backups', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'musicbox-daily-'));
    const backups = new BackupsService(
      c.t.db,
      c.t.config,
      () => {},
      buildRepositories(c.t.db, 'sqlite'),
    );
    const scheduler = new BackupScheduler(c.t.db, backups, buildRepositories(c.t.db, 'sqlite'));
    await backups.saveSchedule({ enabled: true, timeOfDay: '03:00', retention: 2, folder });
    // Two old backups and an unfinished one already in the folder.
    for (const name of ['musicbox-backup-2020-01-01', 'musicbox-backup-2020-01-02'])
      await mkdir(path.join(folder, name));
    await mkdir(path.join(folder, '.musicbox-backup-x.partial'));

    expect(await scheduler.tick(new Date('2030-05-01T10:00:00Z'))).toBe(false); // switched on now
    expect(await scheduler.tick(new Date('2030-05-02T02:59:00Z'))).toBe(false);
    // Two timers tick at once: one backup.
    const [a, b] = await Promise.all([
      scheduler.tick(new Date('2030-05-02T03:00:00Z')),
      new BackupScheduler(c.t.db, backups, buildRepositories(c.t.db, 'sqlite')).tick(
        new Date('2030-05-02T03:00:00Z'),
      ),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    await backups.idle();
    expect(await scheduler.tick(new Date('2030-05-02T23:00:00Z'))).toBe(false);

    const left = (await readdir(folder)).sort();
    expect(left).toHaveLength(3);
    expect(left[0]).toBe('.musicbox-backup-x.partial');
    expect(left[1]).toBe('musicbox-backup-2020-01-02');
    expect(left[2]).toMatch(/^musicbox-backup-\d{4}-/);
    expect((await status(c.admin)).last).toMatchObject({ trigger: 'scheduled', state: 'done' });
    await rm(folder, { recursive: true, force: true });
  });

  it('retention keeps the newest by name and ignores other folders', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'musicbox-prune-'));
    for (const name of ['musicbox-backup-1', 'musicbox-backup-3', 'musicbox-backup-2', 'mine'])
      await mkdir(path.join(folder, name));
    expect(await pruneBackups(folder, 1)).toEqual(['musicbox-backup-1', 'musicbox-backup-2']);
    expect((await readdir(folder)).sort()).toEqual(['mine', 'musicbox-backup-3']);
    await rm(folder, { recursive: true, force: true });
  });
});
