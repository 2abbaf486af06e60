import { createHash } from 'node:crypto';
import path from 'node:path';
import { Transform } from 'node:stream';
import type { ManifestFile } from './backup-manifest';
import { fileInfo, listFolder, readStream } from '../../storage/folder-reads';
import { copyThrough } from '../../storage/stream-to-file';
import { ensureFolder, removeFile } from '../../storage/work-files';

/** Top-level folders of DATA_DIR a backup leaves out, with the reason the manifest gives. */
export const SKIPPED_FOLDERS: Record<string, string> = {
  cache: 'cache/: the transcode cache, rebuilt on demand',
  tus: 'tus/: resumable uploads still in progress; their senders start them again',
  backups: 'backups/: earlier backups',
};

/** Temporary names the server writes before renaming a finished file into place. */
const TEMP_NAME = /(\.tmp$|\.tmp-[0-9a-f]+$|^\.upload-|^\.part-|^\.partial$|^\..*\.tmp$)/;

/**
 * Every stored file under `root` as a path relative to it (forward slashes), leaving out the
 * skipped folders, the paths in `exclude` (the database, the backup being written) and files
 * still being written under a temporary name.
 */
export async function listStoredFiles(root: string, exclude: Set<string>): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string, rel: string): Promise<void> => {
    let entries;
    try {
      entries = await listFolder(dir);
    } catch {
      return; // removed while we walked: nothing to take
    }
    for (const entry of entries) {
      const full = entry.path;
      const relative = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (exclude.has(full) || (rel === '' && entry.name in SKIPPED_FOLDERS)) continue;
      if (entry.kind === 'folder') await walk(full, relative);
      else if (entry.kind === 'file' && !TEMP_NAME.test(entry.name)) found.push(relative);
    }
  };
  await walk(root, '');
  return found.sort();
}

/** Copies one file, hashing it on the way; null when it vanished before it could be read. */
export async function copyWithChecksum(
  from: string,
  to: string,
  onBytes: (n: number) => void,
): Promise<{ size: number; sha256: string } | null> {
  await ensureFolder(path.dirname(to), 0o700);
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      onBytes(chunk.length);
      done(null, chunk);
    },
  });
  try {
    // The copy keeps the original's permissions: secret.key stays readable by its owner only.
    const { mode } = await fileInfo(from);
    await copyThrough(from, to, mode, tap);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await removeFile(to);
    return null;
  }
  return { size, sha256: hash.digest('hex') };
}

export async function checksumOf(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of readStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Checks one stored file of a backup against its manifest entry; says what is wrong. */
export async function verifyFile(folder: string, entry: ManifestFile): Promise<string | null> {
  try {
    const actual = await checksumOf(path.join(folder, entry.path));
    if (actual.size !== entry.size)
      return `${entry.path}: size ${actual.size}, expected ${entry.size}`;
    return actual.sha256 === entry.sha256 ? null : `${entry.path}: checksum does not match`;
  } catch {
    return `${entry.path}: missing`;
  }
}
