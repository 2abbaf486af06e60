import { randomBytes } from 'node:crypto';
import { createWriteStream, type Dirent } from 'node:fs';
import {
  access,
  constants,
  mkdir,
  open,
  readdir,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, checkPrefix, checkRange, TEMP_NAME } from './storage-key';
import {
  StorageNotFound,
  StorageRangeError,
  type ByteRange,
  type Storage,
  type StoredObject,
} from './storage';

/** Errors that mean "no such file" however the path is missing (a file where a folder was ...). */
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);
const isMissing = (error: unknown) => MISSING.has((error as NodeJS.ErrnoException).code ?? '');

/**
 * Objects as files under one folder (DATA_DIR), laid out as the server always has: the key
 * "media/12/track.flac" is DATA_DIR/media/12/track.flac. Writes go to a temporary name beside
 * the target and are renamed into place, as the rest of the server did with node:fs.
 */
export class LocalStorage implements Storage {
  readonly kind = 'local';
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private file(key: string): string {
    return join(this.root, checkKey(key));
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.file(key));
      return info.isFile() ? { size: info.size, mtime: info.mtime } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    if (range) checkRange(range);
    const handle = await open(this.file(key), 'r').catch((error: unknown) => {
      throw isMissing(error) ? new StorageNotFound(key) : error;
    });
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new StorageNotFound(key);
      if (!range) return handle.createReadStream();
      if (range.start >= info.size) throw new StorageRangeError(key, range);
      // The stream owns the handle from here and closes it at its end or on destroy.
      return handle.createReadStream({
        start: range.start,
        end: Math.min(range.end, info.size - 1),
      });
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async write(key: string, source: Readable | Buffer): Promise<void> {
    const target = this.file(key);
    await mkdir(dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      if (Buffer.isBuffer(source)) await writeFile(temp, source, { flag: 'wx' });
      else await pipeline(source, createWriteStream(temp, { flags: 'wx' }));
      await rename(temp, target);
    } catch (error) {
      // A failed source or a full disk leaves a partial temp file nobody else would remove.
      await rm(temp, { force: true });
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    // A folder under the key is not an object: rm without recursive refuses it, as S3 would
    // find nothing to delete.
    if ((await this.stat(key)) !== null) await rm(file, { force: true });
  }

  async *list(prefix: string): AsyncIterable<string> {
    checkPrefix(prefix);
    const slash = prefix.lastIndexOf('/');
    yield* this.walk(slash < 0 ? '' : prefix.slice(0, slash), prefix);
  }

  /** Files under folder (a key's beginning without the slash) whose keys start with prefix. */
  private async *walk(folder: string, prefix: string): AsyncGenerator<string> {
    let entries: Dirent[];
    try {
      entries = await readdir(join(this.root, folder), { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const key = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`)) {
          yield* this.walk(key, prefix);
        }
      } else if (entry.isFile() && key.startsWith(prefix) && !TEMP_NAME.test(entry.name)) {
        yield key;
      }
    }
  }

  async move(from: string, to: string): Promise<void> {
    const source = this.file(from);
    const target = this.file(to);
    if ((await this.stat(from)) === null) throw new StorageNotFound(from);
    await mkdir(dirname(target), { recursive: true });
    // One rename on one file system: readers see the old key or the new, never half a file.
    await rename(source, target).catch((error: unknown) => {
      throw (error as NodeJS.ErrnoException).code === 'ENOENT' ? new StorageNotFound(from) : error;
    });
  }

  localPath(key: string): string {
    return this.file(key);
  }

  check(): Promise<void> {
    return access(this.root, constants.W_OK);
  }

  urlForReading(key: string): Promise<string> {
    // A refused key rejects, as every other operation does, rather than throwing at the call.
    return Promise.resolve().then(() => this.file(key));
  }
}
