import { readTrackInfo } from '../media/audio-tags';
import { fingerprintFile } from './fingerprint';
import { statFile, type ScannedFile } from './folder-scan';
import type { ReadTrack } from './release-groups';
import { CHANGED_WHILE_READ } from './scan-problems';

/** Looks after the first: a file still changing after this many reads waits for the next scan. */
const READS = 3;

/** Thrown when a file kept changing while it was read; its message is the scan summary's. */
export class ChangedWhileRead extends Error {
  constructor() {
    super(CHANGED_WHILE_READ);
  }
}

const same = (a: ScannedFile, b: ScannedFile) =>
  a.ino === b.ino &&
  a.size === b.size &&
  a.mtimeMs === b.mtimeMs &&
  a.stampBytes === b.stampBytes &&
  a.stampMs === b.stampMs;

/**
 * Reads a file (tags, fingerprint) and answers what was read with the stat that describes it.
 * The scan's stat was taken earlier: a file renamed over or truncated since, or while it was
 * read, has another inode, size or mtime when looked at again after the read, and is read anew
 * against its new stat. A row is never written with the stat of one file and the tags of
 * another (half a row); a file that never holds still is a ChangedWhileRead.
 */
export async function readSteadily<T>(
  file: ScannedFile,
  read: (file: ScannedFile, first: boolean) => Promise<T>,
): Promise<{ file: ScannedFile; value: T }> {
  let current = file;
  for (let attempt = 0; attempt < READS; attempt += 1) {
    const value = await read(current, attempt === 0);
    const after = await statFile(current.path, current.sidecar);
    if (same(after, current)) return { file: current, value };
    current = after;
  }
  throw new ChangedWhileRead();
}

/**
 * A new file's tags, read steadily: its fingerprint (taken before, to find moves) is kept
 * when the file held still since its stat, else taken again with the file's new stat.
 */
export async function readFresh(
  entry: Omit<ReadTrack, 'info'> & { fingerprint: string | null },
): Promise<ReadTrack> {
  const { file, value } = await readSteadily(entry.file, async (now, first) => ({
    info: await readTrackInfo(now.path),
    fingerprint: first
      ? entry.fingerprint
      : await fingerprintFile(now.path, now.size).catch(() => null),
  }));
  return { ...entry, file, ...value };
}
