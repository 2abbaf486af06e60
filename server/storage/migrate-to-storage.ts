import { readdir } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { TEMP_NAME } from './storage-key';
import type { StoredFiles } from './stored-files';
import { createReadStream } from 'node:fs';

export interface StorageMigrationReport {
  /** Catalogue files copied into the bucket, their rows pointed at the keys. */
  filesMoved: number;
  /** Already in the bucket whole (a run cut short and started again): rows pointed at them. */
  filesAlreadyThere: number;
  /** Covers and thumbnails copied. */
  imagesCopied: number;
  /** Members' uploads and attachments (their rows hold only the name, read as uploads/<name>). */
  uploadsCopied: number;
  /** Rows whose file is not under DATA_DIR (a MUSIC_DIR indexed in place): left as they are. */
  leftInPlace: number;
  /** Rows whose file is missing on this disk: left as they are, named for the admin. */
  missing: string[];
}

const BATCH = 500;

/**
 * `npm run storage:migrate`: the one-time copy of a local library into object storage (issue
 * 32). Each file under DATA_DIR is uploaded whole under its DATA_DIR-relative key, and only then
 * is its row pointed at the key, so a run cut short at any moment leaves every row pointing at a
 * complete file, and running it again goes on where it stopped. Local files are not deleted:
 * the admin removes them once the server runs from the bucket. Files of a MUSIC_DIR indexed in
 * place stay rows with paths (every app server then needs that folder mounted at the same path).
 */
/** The rows that hold media paths (the media module's repository, handed in by the caller). */
export interface StoredPathRows {
  filesUnder(
    prefix: string,
    after: number,
    limit: number,
  ): Promise<{ fileId: number; path: string }[]>;
  movePath(fileId: number, from: string, key: string): Promise<unknown>;
  countAbsolutePaths(): Promise<number>;
}

export async function migrateToStorage(
  repo: StoredPathRows,
  files: StoredFiles,
  dataDir: string,
  log: (line: string) => void,
): Promise<StorageMigrationReport> {
  if (files.storage.kind === 'local')
    throw new Error('Set S3_BUCKET (and S3_ENDPOINT for a service other than AWS) first');
  await files.storage.check();
  const report: StorageMigrationReport = {
    filesMoved: 0,
    filesAlreadyThere: 0,
    imagesCopied: 0,
    uploadsCopied: 0,
    leftInPlace: 0,
    missing: [],
  };
  const prefix = dataDir.endsWith(sep) ? dataDir : `${dataDir}${sep}`;
  for (let after = 0; ;) {
    const rows = await repo.filesUnder(prefix, after, BATCH);
    if (rows.length === 0) break;
    for (const row of rows) {
      after = row.fileId;
      const local = await files.stat(row.path);
      if (local === null) {
        report.missing.push(row.path);
        continue;
      }
      const key = files.keyOf(row.path);
      const there = await files.storage.stat(key);
      if (there?.size === local.size) report.filesAlreadyThere += 1;
      else {
        await files.storage.write(key, createReadStream(row.path));
        report.filesMoved += 1;
      }
      await repo.movePath(row.fileId, row.path, key);
    }
    log(`files: ${report.filesMoved + report.filesAlreadyThere} in the bucket`);
  }
  report.leftInPlace = await repo.countAbsolutePaths();
  report.imagesCopied = await copyFolder(files, join(dataDir, 'images'), 'images');
  log(`covers and thumbnails: ${report.imagesCopied} copied`);
  report.uploadsCopied = await copyFolder(files, join(dataDir, 'uploads'), 'uploads');
  log(`members' uploads and attachments: ${report.uploadsCopied} copied`);
  return report;
}

/** Copies every complete file of a local folder to the same keys, skipping those already there. */
async function copyFolder(files: StoredFiles, folder: string, keyPrefix: string): Promise<number> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  let copied = 0;
  for (const entry of entries) {
    // Half-written files: an image's temporary name, an upload still arriving (".part-").
    const partial = TEMP_NAME.test(entry.name) || /\.tmp-|^\.part-/.test(entry.name);
    if (!entry.isFile() || partial) continue;
    const path = join(entry.parentPath, entry.name);
    const key = `${keyPrefix}/${path
      .slice(folder.length + 1)
      .split(sep)
      .join('/')}`;
    if ((await files.storage.stat(key)) !== null) continue;
    await files.storage.write(key, createReadStream(path));
    copied += 1;
  }
  return copied;
}
