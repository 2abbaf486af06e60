import { parseBuffer } from 'music-metadata';
import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { createStorage } from '../../server/storage/create-storage';
import { StoredFiles } from '../../server/storage/stored-files';
import type { TestApp } from './test-app';

export interface FixtureFile {
  fileId: number;
  path: string;
  relativePath: string;
  format: string | null;
  title: string | null;
}

/** The collection's files as stored, in the order of their paths, with the audio's format and title. */
export async function filesOf(t: TestApp, collectionId: number): Promise<FixtureFile[]> {
  const rows = await t.db
    .selectFrom('files')
    .leftJoin('audio', 'audio.file_id', 'files.file_id')
    .select(['files.file_id', 'files.path', 'files.relative_path', 'audio.format', 'audio.title'])
    .where('files.collection_id', '=', collectionId)
    .orderBy('files.relative_path')
    .execute();
  return rows.map((r) => ({
    fileId: r.file_id,
    path: r.path,
    relativePath: r.relative_path,
    format: r.format,
    title: r.title,
  }));
}

export async function audioFile(
  t: TestApp,
  collectionId: number,
  format?: string,
): Promise<FixtureFile> {
  const file = (await filesOf(t, collectionId)).find(
    (f) => f.format !== null && (format === undefined || f.format === format),
  );
  if (!file) throw new Error(`no ${format ?? 'audio'} file in collection ${collectionId}`);
  return file;
}

export const parseAudio = (body: Buffer, mimeType?: string) =>
  parseBuffer(new Uint8Array(body), mimeType ? { mimeType } : undefined, { duration: true });

/**
 * The bytes a row's path names, wherever the app keeps them: a file on this machine, or an
 * object in the test run's bucket (TEST_STORAGE=s3), so the same assertions hold on both.
 */
export async function storedBytes(t: TestApp, ref: string): Promise<Buffer> {
  const files = new StoredFiles(await createStorage(t.config.storage), t.config.dataDir);
  const chunks: Buffer[] = [];
  for await (const chunk of await files.read(ref)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The row's file as StoredFiles sees it (size and mtime), on disk or in the run's bucket. */
export async function storedStat(t: TestApp, ref: string) {
  const files = new StoredFiles(await createStorage(t.config.storage), t.config.dataDir);
  const info = await files.stat(ref);
  if (info === null) throw new Error(`nothing stored under ${ref}`);
  return info;
}

/**
 * Every file of the transcode cache, temporary ones included: paths under DATA_DIR/cache and,
 * on object storage, the keys of finished results ("cache/ab/<hash>.ogg"), which replace the
 * local file of the same name while it is uploaded (so a result is counted once).
 */
export async function transcodeCacheFiles(t: TestApp): Promise<string[]> {
  const root = join(t.config.dataDir, 'cache');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const local = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  if (t.config.storage.kind === 'local') return local;
  const kept: string[] = [];
  for await (const key of (await createStorage(t.config.storage)).list('cache/')) kept.push(key);
  const keptNames = new Set(kept.map((key) => basename(key)));
  return [...local.filter((path) => !keptNames.has(basename(path))), ...kept];
}
