import path from 'node:path';
import type { Config } from '../../config';
import { createDatabase, type Db } from '../../db/database';
import { restorePostgres } from '../../db/database-snapshot';
import { FILES_FOLDER, readManifest, type Manifest, type ManifestFile } from './backup-manifest';
import { verifyFile } from './backup-files';
import type { BackupsRepository } from './backups.repository';
import { exists, isEmptyFolder } from '../../storage/folder-reads';
import { copyWhole, ensureFolder, moveIntoPlace } from '../../storage/work-files';

/**
 * The backup runs of the restored database, opened once it is in place: the caller (the CLI,
 * a test) builds the repository on that database through server/root.
 */
export type RestoredRuns = (db: Db) => Pick<BackupsRepository, 'rebaseDataPaths' | 'finishRun'>;

export interface RestoreResult {
  manifest: Manifest;
  files: number;
  /** Set when the backup holds no database dump: what the operator still has to do. */
  databaseInstructions: string | null;
}

/**
 * Restores the backup in `folder` into the empty DATA_DIR (and empty database) of `config`.
 * Every checksum is verified before anything is written; stored paths under the backed-up
 * DATA_DIR are moved to the new one, so a backup restores on another machine or folder.
 */
export async function restoreBackup(
  folder: string,
  config: Pick<Config, 'dataDir' | 'database'>,
  runsOf: RestoredRuns,
  log: (line: string) => void = () => {},
): Promise<RestoreResult> {
  const manifest = await readManifest(folder);
  const { database } = manifest;
  if (database.kind !== config.database.kind)
    throw new Error(
      `This backup is of a ${database.kind} database but DATABASE_URL points at ${config.database.kind}`,
    );
  if (!(await isEmptyFolder(config.dataDir)))
    throw new Error(`DATA_DIR ${config.dataDir} is not empty: restore only into an empty folder`);
  if (config.database.kind === 'sqlite' && (await exists(config.database.file)))
    throw new Error(`${config.database.file} already exists: restore only into an empty folder`);

  log(`Verifying ${manifest.files.length} files and the database`);
  const entries: ManifestFile[] = [...manifest.files];
  if ('sha256' in database)
    entries.push({ path: database.file, size: database.size, sha256: database.sha256 });
  const problems: string[] = [];
  for (const entry of entries) {
    const problem = await verifyFile(folder, entry);
    if (problem !== null) problems.push(problem);
  }
  if (problems.length > 0)
    throw new Error(`The backup is damaged, nothing was restored:\n${problems.join('\n')}`);

  if (config.database.kind === 'postgres' && database.file !== null) {
    log('Restoring the PostgreSQL database with pg_restore');
    await restorePostgres(config.database.url, path.join(folder, database.file));
  }
  log(`Copying ${manifest.files.length} files into ${config.dataDir}`);
  await ensureFolder(config.dataDir);
  for (const entry of manifest.files) {
    const target = path.join(config.dataDir, entry.path.slice(FILES_FOLDER.length + 1));
    await ensureFolder(path.dirname(target));
    await copyWhole(path.join(folder, entry.path), target);
  }
  if (config.database.kind === 'sqlite' && database.file !== null) {
    // The database comes last and under a temporary name, so a crash leaves no half a file.
    const target = config.database.file;
    await ensureFolder(path.dirname(target));
    await copyWhole(path.join(folder, database.file), `${target}.restoring`);
    await moveIntoPlace(`${target}.restoring`, target);
  }
  if (database.file !== null) await settle(config, manifest, folder, runsOf);
  return {
    manifest,
    files: manifest.files.length,
    databaseInstructions: database.file === null ? database.instructions : null,
  };
}

/**
 * Moves stored paths to the new DATA_DIR, and marks the backup's own run (caught running by
 * its snapshot) as the finished backup it became.
 */
async function settle(
  config: Pick<Config, 'dataDir' | 'database'>,
  manifest: Manifest,
  folder: string,
  runsOf: RestoredRuns,
): Promise<void> {
  const { db } = createDatabase(config);
  try {
    const repository = runsOf(db);
    if (path.resolve(manifest.sourceDataDir) !== path.resolve(config.dataDir))
      await repository.rebaseDataPaths(
        path.resolve(manifest.sourceDataDir),
        path.resolve(config.dataDir),
      );
    if (manifest.runId !== null)
      await repository.finishRun(
        manifest.runId,
        {
          state: 'done',
          folder,
          sizeBytes: manifest.totalBytes,
          fileCount: manifest.files.length,
        },
        manifest.createdAt,
      );
  } finally {
    await db.destroy();
  }
}
