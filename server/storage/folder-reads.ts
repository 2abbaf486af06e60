import { createReadStream, type Dirent, type Stats } from 'node:fs';
import { access, lstat, open, readdir, readFile, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/*
 * Reading folders and files on this machine that are not stored objects (issue 45): the
 * owner's music folder an import scans, a finished download or a node's hand-over, a received
 * upload before it is kept, a backup, a lyrics sidecar beside a track, DATA_DIR itself (a
 * backup's walk, the start-up sweep). A row's file is read through StoredFiles (a path or a
 * key); these are always paths, because the folder exists only here.
 *
 * Errors are node:fs's own, with their codes, so a caller that tolerates a missing file keeps
 * doing it as it did. Nothing here follows a symbolic link while listing: an entry that is a
 * link says so, and a walk that skips links never leaves its tree or loops.
 */

export type EntryKind = 'file' | 'folder' | 'link' | 'other';

export interface FolderEntry {
  name: string;
  /** The folder's path joined with the name. */
  path: string;
  /** The entry's own type: a symbolic link is a 'link', whatever it points to. */
  kind: EntryKind;
}

export interface FileInfo {
  kind: EntryKind;
  size: number;
  mtime: Date;
  mtimeMs: number;
  /** Permission bits and type, to copy a file with the same permissions (secret.key). */
  mode: number;
  /** Inode and device: the same pair means the same file (a hard link). */
  ino: number;
  dev: number;
}

const entryKind = (entry: Dirent | Dirent<Buffer> | Stats): EntryKind =>
  entry.isFile()
    ? 'file'
    : entry.isDirectory()
      ? 'folder'
      : entry.isSymbolicLink()
        ? 'link'
        : 'other';

const infoOf = (info: Stats): FileInfo => ({
  kind: entryKind(info),
  size: info.size,
  mtime: info.mtime,
  mtimeMs: info.mtimeMs,
  mode: info.mode,
  ino: info.ino,
  dev: info.dev,
});

// ---- Listing ----

/** The entries of one folder, in the order the file system gives them. Rejects when unreadable. */
export async function listFolder(dir: string): Promise<FolderEntry[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries.map((entry) => ({
    name: entry.name,
    path: join(dir, entry.name),
    kind: entryKind(entry),
  }));
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A name's bytes for a person to read: valid UTF-8 as it is, every other byte as `\xNN`. A
 * name the disk holds in another encoding (Latin-1 from an old copy) is shown, not guessed at.
 */
export function shownName(bytes: Uint8Array): string {
  let shown = '';
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    const length = lead < 0x80 ? 1 : lead < 0xc2 ? 0 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
    if (length > 0 && lead < 0xf5 && i + length <= bytes.length) {
      try {
        shown += strictUtf8.decode(bytes.subarray(i, i + length));
        i += length;
        continue;
      } catch {
        // Not a whole character: the lead byte is shown escaped below.
      }
    }
    shown += `\\x${lead.toString(16).padStart(2, '0')}`;
    i += 1;
  }
  return shown;
}

/** A folder entry whose name may not be UTF-8 (a scan of a folder the server does not own). */
export interface RawFolderEntry {
  /** The name, or null when its bytes are not valid UTF-8 (no string names such a file). */
  name: string | null;
  /** The name for a message: `name`, or its bytes with the invalid ones escaped. */
  shown: string;
  kind: EntryKind;
}

/**
 * The entries of one folder with their names read as bytes: a name in invalid UTF-8 is told
 * apart (node would decode it with U+FFFD, a path that then names nothing: ENOENT). Rejects
 * when the folder cannot be read, with node:fs's code.
 */
export async function listFolderRaw(dir: string): Promise<RawFolderEntry[]> {
  const entries = await readdir(dir, { withFileTypes: true, encoding: 'buffer' });
  return entries.map((entry) => {
    let name: string | null;
    try {
      name = strictUtf8.decode(entry.name);
    } catch {
      name = null;
    }
    return { name, shown: name ?? shownName(entry.name), kind: entryKind(entry) };
  });
}

/** Every entry under `dir` at any depth, folders included; linked folders are not entered. */
export async function listTree(dir: string): Promise<FolderEntry[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.map((entry) => ({
    name: entry.name,
    path: join(entry.parentPath, entry.name),
    kind: entryKind(entry),
  }));
}

/** The names in one folder (a sidecar lookup needs no types). */
export function listNames(dir: string): Promise<string[]> {
  return readdir(dir);
}

/** True when nothing is in the folder, or there is no folder; other failures reject. */
export async function isEmptyFolder(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

// ---- What a path is ----

/** What the path names, links followed; rejects as stat does (ENOENT when missing). */
export async function fileInfo(path: string): Promise<FileInfo> {
  return infoOf(await stat(path));
}

/** The entry itself, a link not followed: a sweep removes only real files it owns. */
export async function linkInfo(path: string): Promise<FileInfo> {
  return infoOf(await lstat(path));
}

/** Something is there (a file or a folder). */
export function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** A folder is there (links followed); false when missing or something else. */
export function isFolder(path: string): Promise<boolean> {
  return stat(path).then(
    (info) => info.isDirectory(),
    () => false,
  );
}

/**
 * The path with every symbolic link resolved: a folder the operator linked to another disk is
 * still the server's, and confinement compares real paths. Rejects when missing.
 */
export function realPath(path: string): Promise<string> {
  return realpath(path);
}

// ---- Reading ----

/** A file's bytes whole: small files only (a cover, a manifest); media is streamed. */
export function readWhole(path: string): Promise<Buffer> {
  return readFile(path);
}

/** A text file whole, as UTF-8. */
export function readText(path: string): Promise<string> {
  return readFile(path, 'utf8');
}

/**
 * A file's bytes when it holds at most `maxBytes`, else null without reading it (a "lyrics"
 * sidecar of megabytes is not lyrics). The size is taken from the open file, so a file swapped
 * meanwhile cannot slip a larger one in. Rejects when it cannot be opened or read.
 */
export async function readSmall(path: string, maxBytes: number): Promise<Buffer | null> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    return size > maxBytes ? null : await file.readFile();
  } finally {
    await file.close();
  }
}

/** The first `bytes` of a file (fewer when it is shorter), to check its content by its start. */
export async function readHead(path: string, bytes: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(bytes), 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** A file's bytes as a stream, never buffered whole (a checksum, a hand-over's upload). */
export function readStream(path: string): Readable {
  return createReadStream(path);
}

/** `bytes` of a file from `offset` (fewer at its end): a content fingerprint's samples. */
export async function readAt(path: string, offset: number, bytes: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(bytes), 0, bytes, offset);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}
