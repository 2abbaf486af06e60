import { createHash } from 'node:crypto';
import { extname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileInfo, listFolder, readStream } from '../../storage/folder-reads';
import type { StoredFiles } from '../../storage/stored-files';

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(readStream(path), hash);
  return hash.digest('hex');
}

/** True for `name` and the names an import gives when it is taken: "name (2).ext" ... */
function namedLike(name: string): (entry: string) => boolean {
  const ext = extname(name);
  const stem = name.slice(0, name.length - ext.length);
  return (entry) =>
    entry === name ||
    (entry.startsWith(`${stem} (`) &&
      entry.endsWith(`)${ext}`) &&
      /^\d+$/.test(entry.slice(stem.length + 2, entry.length - ext.length - 1)));
}

/**
 * A whole copy of `source` already placed in `folder` (by an import the server was killed
 * during), or null. The copy is a hard link where the disk allows (the same inode), else a copy
 * of the same bytes under the name the import gives it (`name`, or "name (2)" when taken),
 * written after the upload was made (`madeAt`): a file of the same bytes and name the
 * collection held before is another upload, not this one's copy.
 * Temporary names (a leading dot) are half-written files, never a copy.
 */
export async function landedCopy(
  source: string,
  folder: string,
  name: string,
  madeAt: Date,
): Promise<string | null> {
  const original = await fileInfo(source);
  const named = namedLike(name);
  const entries = await listFolder(folder).catch(() => []);
  let digest: string | null = null;
  for (const entry of entries) {
    if (entry.kind !== 'file' || entry.name.startsWith('.')) continue;
    const path = entry.path;
    const info = await fileInfo(path).catch(() => null);
    if (info === null || info.size !== original.size) continue;
    if (info.ino === original.ino && info.dev === original.dev) return path;
    if (!named(entry.name) || info.mtime < madeAt) continue;
    digest ??= await sha256Of(source);
    if ((await sha256Of(path)) === digest) return path;
  }
  return null;
}

async function sha256OfStored(files: StoredFiles, ref: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(await files.read(ref), hash);
  return hash.digest('hex');
}

/**
 * landedCopy for object storage: a whole object of the same bytes already kept in the
 * collection's folder (`folder`, a DATA_DIR path whose key prefix is listed) under the name the
 * import gives it, written after the upload was made; its name, or null. There are no hard
 * links in a bucket, so the name, size, time and content decide.
 */
export async function landedObject(
  files: StoredFiles,
  source: string,
  folder: string,
  name: string,
  madeAt: Date,
): Promise<string | null> {
  const original = await files.stat(source);
  if (original === null) return null;
  const prefix = `${files.keyOf(folder)}/`;
  let digest: string | null = null;
  for await (const key of files.storage.list(prefix)) {
    const entry = key.slice(prefix.length);
    if (entry.includes('/') || entry.startsWith('.') || !namedLike(name)(entry)) continue;
    const info = await files.stat(key);
    if (info === null || info.size !== original.size || info.mtime < madeAt) continue;
    digest ??= await sha256OfStored(files, source);
    if ((await sha256OfStored(files, key)) === digest) return entry;
  }
  return null;
}
