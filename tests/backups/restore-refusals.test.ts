import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { readManifest } from '../../server/modules/backups/backup-manifest';
import { restoreBackup } from '../../server/modules/backups/backup-restore';
import { writeBackup } from '../../server/modules/backups/backup-writer';
import type { Db } from '../../server/db/database';
import { buildRepositories } from '../../server/root/repositories';
import { perFile, setUpApp } from '../helpers/setup';

const c = perFile(setUpApp);
const temps: string[] = [];
const tempDir = async (prefix: string): Promise<string> => {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of temps) await rm(dir, { recursive: true, force: true });
});

const onPostgres = process.env.TEST_DB === 'postgres';
const sqliteTarget = (dataDir: string) => loadConfig({ DATA_DIR: dataDir });
/** Never reached here: every restore below is refused before a database is opened. */
const runsOf = (db: Db) => buildRepositories(db, 'sqlite').backups;

async function backupCopy(): Promise<string> {
  const { folder } = await writeBackup(c.t.config, await tempDir('musicbox-bk-'));
  return folder;
}

describe.skipIf(onPostgres)('npm run restore refuses, and changes nothing', () => {
  it('a data folder that is not empty', async () => {
    const folder = await backupCopy();
    const dataDir = await tempDir('musicbox-busy-');
    await writeFile(path.join(dataDir, 'mine.txt'), 'keep me');
    await expect(restoreBackup(folder, sqliteTarget(dataDir), runsOf)).rejects.toThrow(/not empty/);
    expect(await readdir(dataDir)).toEqual(['mine.txt']);
  });

  it('a backup whose file does not match its checksum, naming it', async () => {
    const folder = await backupCopy();
    const manifest = await readManifest(folder);
    const victim = manifest.files.find((f) => f.path === 'files/secret.key');
    expect(victim).toBeDefined();
    await writeFile(path.join(folder, victim!.path), `${'x'.repeat(victim!.size - 1)}\n`);
    const dataDir = path.join(await tempDir('musicbox-fresh-'), 'data');
    await expect(restoreBackup(folder, sqliteTarget(dataDir), runsOf)).rejects.toThrow(
      /damaged[\s\S]*files\/secret\.key: checksum does not match/,
    );
    expect(existsSync(dataDir)).toBe(false);
  });

  it('a manifest path that leaves the backup folder', async () => {
    const folder = await backupCopy();
    const file = path.join(folder, 'manifest.json');
    const manifest = JSON.parse(await readFile(file, 'utf8')) as { files: Array<{ path: string }> };
    manifest.files[0]!.path = 'files/../../../etc/passwd';
    await writeFile(file, JSON.stringify(manifest));
    const dataDir = await tempDir('musicbox-fresh-');
    await expect(restoreBackup(folder, sqliteTarget(dataDir), runsOf)).rejects.toThrow(
      /not a valid/,
    );
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('an unfinished backup (no manifest yet) and a backup of the other database kind', async () => {
    const unfinished = await tempDir('musicbox-partial-');
    const dataDir = await tempDir('musicbox-fresh-');
    await expect(restoreBackup(unfinished, sqliteTarget(dataDir), runsOf)).rejects.toThrow(
      /not a finished Musicbox backup/,
    );
    const folder = await backupCopy();
    const pgConfig = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://x@127.0.0.1/none' });
    await expect(restoreBackup(folder, pgConfig, runsOf)).rejects.toThrow(/sqlite database/);
    expect(await readdir(dataDir)).toEqual([]);
  });
});

describe('npm run backup', () => {
  it('leaves no folder behind when it fails, and never a finished-looking one', async () => {
    const root = await tempDir('musicbox-fail-');
    const broken = { ...c.t.config, dataDir: path.join(root, 'missing-data') };
    const database = onPostgres
      ? { kind: 'postgres' as const, url: 'postgres://nobody@127.0.0.1:1/none' }
      : { kind: 'sqlite' as const, file: path.join(root, 'missing.db') };
    await expect(writeBackup({ ...broken, database }, path.join(root, 'out'))).rejects.toThrow();
    expect(await readdir(path.join(root, 'out'))).toEqual([]);
  });
});
