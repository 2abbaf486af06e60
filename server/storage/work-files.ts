import {
  access,
  appendFile,
  constants,
  copyFile,
  link,
  mkdir,
  rename,
  rm,
  rmdir,
  statfs,
  unlink,
  writeFile,
} from 'node:fs/promises';

/*
 * Working files on this machine's disk (issue 45; decision 0050 for stored objects): what the
 * server writes for itself outside Storage's keys. Temporary and partial files, upload parts
 * and reservations, node hand-overs while they arrive, download folders, a collection's folder
 * on a local-folder server, backup folders, the daily logs and the mail outbox. These never
 * leave this machine, so they are paths, not keys; a file that becomes a stored object is kept
 * through StoredFiles.keep. Errors are node:fs's own, with their codes (ENOENT, EEXIST,
 * ENOSPC...), so callers that branch on them, or report a full disk as 507, keep doing so.
 */

// ---- Folders ----

/** Makes the folder and its parents; one already there is fine. `mode`: owner-only folders (a backup). */
export async function ensureFolder(dir: string, mode?: number): Promise<void> {
  await mkdir(dir, { recursive: true, mode });
}

/** Removes a folder and everything under it (or a file); nothing there is not an error. */
export function removeTree(path: string): Promise<void> {
  return rm(path, { recursive: true, force: true });
}

/**
 * Removes a folder only when it is empty (the folder of a deleted collection): anything left in
 * it, recorded or not, is never lost. A folder in use or already gone is left as it is.
 */
export function removeEmptyFolder(dir: string): Promise<void> {
  return rmdir(dir).catch(() => undefined);
}

// ---- Files ----

/** Removes a file; nothing there is not an error, a folder is refused. */
export function removeFile(path: string): Promise<void> {
  return rm(path, { force: true });
}

/** Removes a file the caller knows is there (a step that deletes what it chose): missing rejects. */
export function deleteFile(path: string): Promise<void> {
  return unlink(path);
}

/** Removes a temporary file on the way out of a failure: never throws, so the first error stays. */
export function removeQuietly(path: string): Promise<void> {
  return unlink(path).catch(() => undefined);
}

/** Writes a file whole, replacing one of the same name. */
export function writeWhole(path: string, data: Buffer | string): Promise<void> {
  return writeFile(path, data);
}

/** Creates a new file; EEXIST when the name is taken, so nobody's file is replaced. */
export function writeNew(path: string, data: Buffer | string): Promise<void> {
  return writeFile(path, data, { flag: 'wx' });
}

/** Appends to a file (made when missing): a log's lines. */
export function appendText(path: string, text: string): Promise<void> {
  return appendFile(path, text);
}

// ---- Moving into place ----

/**
 * Renames a finished file (or folder) to its name, replacing what was there: on one file system
 * a reader sees the old file or the whole new one, never half of it.
 */
export function moveIntoPlace(from: string, to: string): Promise<void> {
  return rename(from, to);
}

/**
 * Moves a finished file to `to`, which may be on another file system (the tus folder mounted
 * elsewhere): a rename, else (EXDEV) a copy then the source removed. A copy cut off by a full
 * disk is removed, never left behind as a half file, and its error goes on.
 */
export async function moveAcrossDisks(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(from, to).catch(async (copyError: unknown) => {
      await removeQuietly(to);
      throw copyError;
    });
    await removeQuietly(from);
  }
}

/**
 * Gives a file a second name, never over an existing one: false when the name is taken. A link
 * fails atomically when the name exists, where a rename would replace it, so two uploads of the
 * same name never take one place. Other failures (a missing file) reject.
 */
export async function linkNew(existing: string, name: string): Promise<boolean> {
  try {
    await link(existing, name);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * A copy of `source` at `target` that leaves the source whole: a hard link (no bytes copied)
 * where the disk allows, else a real copy. A missing source rejects with ENOENT, before any copy.
 */
export async function linkOrCopy(source: string, target: string): Promise<void> {
  await link(source, target).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw error;
    await copyFile(source, target);
  });
}

/** Copies a file whole (a backup's file restored into DATA_DIR), replacing `to`. */
export function copyWhole(from: string, to: string): Promise<void> {
  return copyFile(from, to);
}

// ---- The disk ----

/** Bytes this process may still write on the file system holding `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  const { bavail, bsize } = await statfs(dir);
  return bavail * bsize;
}

/** Resolves when this process may write in `dir` (/readyz); rejects with the reason otherwise. */
export function assertWritable(dir: string): Promise<void> {
  return access(dir, constants.W_OK);
}
