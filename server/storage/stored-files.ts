import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, isAbsolute, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageNotFound, StorageRangeError, type ByteRange, type Storage } from './storage';

/** How much one read of a local media file takes (see `read`). */
const READ_BYTES = 256 << 10;

/** What stat tells of a file a row points to, wherever it is. */
export interface StoredFileInfo {
  size: number;
  mtime: Date;
}

/*
 * The files rows point to (files.path and the like), wherever they are. A row holds either an
 * absolute path on this machine (a MUSIC_DIR indexed in place, and everything a local-folder
 * server writes, as it always has) or a storage key (what a server on object storage keeps,
 * "media/uploads/12/track.flac"). Callers pass the row's value through; only this class tells
 * the two apart, so streaming, zips and ffmpeg work the same on both.
 */
export class StoredFiles {
  constructor(
    readonly storage: Storage,
    /** The data folder: local files under it become keys when kept in object storage. */
    private readonly dataDir: string,
  ) {}

  /** A storage key, not a path on this machine. */
  static isKey(ref: string): boolean {
    return !isAbsolute(ref);
  }

  async stat(ref: string): Promise<StoredFileInfo | null> {
    if (StoredFiles.isKey(ref)) return this.storage.stat(ref);
    try {
      const info = await stat(ref);
      // Not only regular files: a FIFO or a device is what a dead mount can look like, and
      // reading it must then hang or fail where the stall guards see it, not read as missing.
      return info.isDirectory() ? null : { size: info.size, mtime: info.mtime };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      throw error;
    }
  }

  /**
   * The bytes (or the inclusive range) as a stream that is never buffered whole. Rejects with
   * StorageNotFound or StorageRangeError before any byte, so an HTTP answer can pick its status.
   */
  async read(ref: string, range?: ByteRange, known?: StoredFileInfo): Promise<Readable> {
    if (StoredFiles.isKey(ref)) return this.storage.read(ref, range);
    // A caller that has just stat'ed the file (a Range answer's headers) passes what it saw: one
    // stat fewer per stream, which a crowd pressing play queues on libuv's four pool threads.
    const info = known ?? (await this.stat(ref));
    if (info === null) throw new StorageNotFound(ref);
    if (range && range.start >= info.size) throw new StorageRangeError(ref, range);
    // 256 KiB reads. A stream holds about two reads while its listener is paced (the one being
    // written, the next read ahead), so the size is memory per listener: with 1 MiB reads 2,000
    // paced listeners held the server at 1,516 MB RSS, with 256 KiB at 624 MB, for 6% less
    // full-speed throughput (docs/benchmarks.md, listener notes).
    return createReadStream(ref, {
      start: range?.start,
      end: range === undefined ? undefined : Math.min(range.end, info.size - 1),
      highWaterMark: READ_BYTES,
    });
  }

  /** Something ffmpeg takes as `-i`: the path, or a presigned URL it reads with Range requests. */
  ffmpegInput(ref: string): Promise<string> {
    return StoredFiles.isKey(ref) ? this.storage.urlForReading(ref) : Promise.resolve(ref);
  }

  /** The file on this machine for tools that only open paths, or null (then use a copy). */
  localPath(ref: string): string | null {
    return StoredFiles.isKey(ref) ? this.storage.localPath(ref) : ref;
  }

  /**
   * Runs `use` with a path on this machine holding the file: its own path when it has one,
   * else a temporary copy (keeping the extension, which tag readers go by) removed afterwards.
   */
  async withLocalFile<T>(ref: string, use: (path: string) => Promise<T>): Promise<T> {
    const local = this.localPath(ref);
    if (local !== null) return use(local);
    const folder = join(tmpdir(), 'musicbox-copies');
    await mkdir(folder, { recursive: true });
    const copy = join(folder, `${randomBytes(8).toString('hex')}${extname(ref)}`);
    try {
      await pipeline(await this.storage.read(ref), createWriteStream(copy));
      return await use(copy);
    } finally {
      await rm(copy, { force: true });
    }
  }

  /**
   * Changes a file in place with a tool that works on paths (tag writing): on this machine the
   * file itself; for a stored object, a local copy that replaces the object whole once `edit`
   * succeeded (a failed edit leaves the object as it was).
   */
  async editInPlace<T>(ref: string, edit: (path: string) => Promise<T>): Promise<T> {
    if (this.localPath(ref) !== null) return edit(this.localPath(ref)!);
    return this.withLocalFile(ref, async (copy) => {
      const result = await edit(copy);
      await this.storage.write(ref, createReadStream(copy));
      return result;
    });
  }

  /**
   * Keeps a complete local file written under DATA_DIR and answers what its row should hold.
   * A local-folder server keeps it where it is (the path, as before). On object storage it is
   * uploaded under its DATA_DIR-relative key and the local copy removed, so every app server
   * reads the same object; the key is answered only once the upload is whole.
   */
  async keep(localFile: string): Promise<string> {
    if (this.storage.kind === 'local') return localFile;
    const key = this.keyOf(localFile);
    await this.storage.write(key, createReadStream(localFile));
    await rm(localFile, { force: true });
    return key;
  }

  /** What a row holds for a local file under DATA_DIR once kept (see keep), without keeping it. */
  refFor(localFile: string): string {
    return this.storage.kind === 'local' ? localFile : this.keyOf(localFile);
  }

  /**
   * The path on this machine a row's file has, or would have under DATA_DIR when copied back
   * from object storage (the inverse of keyOf): for tools that must work in its own folder.
   */
  pathFor(ref: string): string {
    return StoredFiles.isKey(ref) ? join(this.dataDir, ...ref.split('/')) : ref;
  }

  /** Writes a whole copy of a row's file to `path` on this machine; no half copy is left. */
  async copyTo(ref: string, path: string): Promise<void> {
    try {
      await pipeline(await this.read(ref), createWriteStream(path));
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
  }

  /** Removes what a row pointed to; already gone is not an error. */
  async remove(ref: string): Promise<void> {
    if (StoredFiles.isKey(ref)) await this.storage.delete(ref);
    else await rm(ref, { force: true });
  }

  /** The key a file under DATA_DIR has ("media/uploads/3/a.flac"); throws for one outside. */
  keyOf(localFile: string): string {
    const rel = relative(this.dataDir, localFile);
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel))
      throw new Error(`${localFile} is not under the data folder`);
    return rel.split(sep).join('/');
  }
}
