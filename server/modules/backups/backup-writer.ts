import path from 'node:path';
import type { Config } from '../../config';
import {
  dumpPostgres,
  postgresToolsAvailable,
  snapshotSqlite,
  sqliteCompanions,
} from '../../db/database-snapshot';
import { checksumOf, copyWithChecksum, listStoredFiles, SKIPPED_FOLDERS } from './backup-files';
import {
  FILES_FOLDER,
  PG_DUMP_INSTRUCTIONS,
  writeManifest,
  type Manifest,
  type ManifestFile,
} from './backup-manifest';
import { fileInfo } from '../../storage/folder-reads';
import { ensureFolder, moveIntoPlace, removeTree } from '../../storage/work-files';

export interface BackupResult {
  folder: string;
  manifest: Manifest;
}

/** Finished backups are named for their start time, so a name sort is a time sort. */
export const BACKUP_PREFIX = 'musicbox-backup-';
const stamp = (date: Date): string => date.toISOString().replace(/[:.]/g, '-');

/**
 * Writes one backup of the server configured by `config` into a new folder under `root`.
 * The database is snapshotted FIRST, then the files are copied: files are renamed into place
 * only when complete and rows are committed after their files, so every file the snapshot's
 * rows name is already there (files added later are harmless extras). Everything is written
 * to a hidden temporary folder renamed when the manifest is in, so a half-written backup never
 * looks finished; on failure the temporary folder is removed.
 */
export async function writeBackup(
  config: Pick<Config, 'dataDir' | 'database'>,
  root: string,
  onProgress: (fraction: number) => void = () => {},
  runId: number | null = null,
): Promise<BackupResult> {
  const started = new Date();
  const name = `${BACKUP_PREFIX}${stamp(started)}`;
  const temp = path.join(root, `.${name}.partial`);
  // A backup holds password hashes and the secret key: its owner alone may read it.
  await ensureFolder(path.join(temp, 'database'), 0o700);
  try {
    const database = await snapshotDatabase(config, temp, (f) => onProgress(f * 0.2));
    const exclude = new Set([path.resolve(root), temp]);
    if (config.database.kind === 'sqlite')
      for (const file of sqliteCompanions(config.database.file)) exclude.add(file);
    const relative = await listStoredFiles(config.dataDir, exclude);
    const sizes = await Promise.all(
      relative.map((rel) =>
        fileInfo(path.join(config.dataDir, rel)).then(
          (s) => s.size,
          () => 0,
        ),
      ),
    );
    const total = sizes.reduce((a, b) => a + b, 0) || 1;
    let copied = 0;
    const files: ManifestFile[] = [];
    for (const rel of relative) {
      const result = await copyWithChecksum(
        path.join(config.dataDir, rel),
        path.join(temp, FILES_FOLDER, rel),
        (n) => {
          copied += n;
          onProgress(0.2 + 0.8 * Math.min(1, copied / total));
        },
      );
      // A file removed since the listing was deleted after the snapshot too: nothing to keep.
      if (result !== null) files.push({ path: `${FILES_FOLDER}/${rel}`, ...result });
    }
    const manifest: Manifest = {
      format: 'musicbox-backup',
      version: 1,
      createdAt: started.toISOString(),
      sourceDataDir: config.dataDir,
      database,
      files,
      skipped: Object.values(SKIPPED_FOLDERS),
      totalBytes:
        files.reduce((sum, f) => sum + f.size, 0) + ('size' in database ? database.size : 0),
      runId,
    };
    await writeManifest(temp, manifest);
    const folder = path.join(root, name);
    await moveIntoPlace(temp, folder);
    onProgress(1);
    return { folder, manifest };
  } catch (error) {
    await removeTree(temp);
    throw error;
  }
}

async function snapshotDatabase(
  config: Pick<Config, 'database'>,
  temp: string,
  onProgress: (fraction: number) => void,
): Promise<Manifest['database']> {
  const { database } = config;
  if (database.kind === 'sqlite') {
    const file = 'database/musicbox.db';
    await snapshotSqlite(database.file, path.join(temp, file), onProgress);
    return { kind: 'sqlite', file, ...(await checksumOf(path.join(temp, file))) };
  }
  if (!postgresToolsAvailable())
    return { kind: 'postgres', file: null, instructions: PG_DUMP_INSTRUCTIONS };
  const file = 'database/musicbox.pgdump';
  await dumpPostgres(database.url, path.join(temp, file));
  onProgress(1);
  return { kind: 'postgres', file, ...(await checksumOf(path.join(temp, file))) };
}
