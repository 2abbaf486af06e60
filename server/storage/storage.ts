import type { Readable } from 'node:stream';

/*
 * One interface for every byte the server keeps outside the database (issue 32, "Object
 * storage"): media, covers and thumbnails, the transcode cache, uploads, node hand-overs,
 * ticket attachments. Two implementations: a local folder (local-storage.ts, the default) and
 * S3-compatible object storage (s3-storage.ts). createStorage (create-storage.ts) picks one.
 *
 * Keys are relative POSIX paths such as "media/12/track.flac" (rules in storage-key.ts); rows
 * hold keys, never absolute paths, so the same database works on either backend.
 */

/** What stat tells about a stored object. */
export interface StoredObject {
  /** Bytes. */
  size: number;
  /** Last write. */
  mtime: Date;
}

/**
 * Inclusive byte positions, as in an HTTP Range header: { start: 0, end: 0 } is the first byte.
 * An end past the last byte is cut to it (as HTTP does); a start at or past the size is a
 * StorageRangeError (HTTP's 416).
 */
export interface ByteRange {
  start: number;
  end: number;
}

export interface Storage {
  /** Which backend: callers never branch on it for correctness, only for logs and health. */
  readonly kind: 'local' | 's3';

  /** Size and mtime, or null when nothing is stored under the key. */
  stat(key: string): Promise<StoredObject | null>;

  /**
   * The object's bytes (or exactly the range's) as a stream, never buffered whole. Rejects with
   * StorageNotFound or StorageRangeError before any byte, so an HTTP answer can still pick its
   * status.
   */
  read(key: string, range?: ByteRange): Promise<Readable>;

  /**
   * Stores the bytes under the key, complete or not at all: a reader sees the previous object
   * (or none) until the new one is whole, and a failed write (a source stream that errors, a full
   * disk, a lost connection) leaves the key as it was. Directories are made as needed.
   */
  write(key: string, source: Readable | Buffer): Promise<void>;

  /** Removes the object; nothing stored under the key is not an error. */
  delete(key: string): Promise<void>;

  /**
   * Every key that starts with the prefix (a plain string prefix as S3 has it: "media/1" also
   * lists "media/12/..."; "" lists everything). Order is unspecified. Only whole objects are
   * listed, never a write in progress.
   */
  list(prefix: string): AsyncIterable<string>;

  /** Moves an object to a new key, replacing what was there; StorageNotFound if from is absent. */
  move(from: string, to: string): Promise<void>;

  /**
   * The object's file on this machine when the backend is a local folder (for tools that only
   * open paths: sharp, music-metadata's parseFile, in-place tag writing), else null; such callers
   * then read() into a temporary file of their own. The path may not exist: stat first.
   */
  localPath(key: string): string | null;

  /**
   * Something ffmpeg takes as `-i` input to read the object without a local copy: the absolute
   * file path on a local folder, a presigned GET URL on S3 (valid for expiresInSeconds, default
   * one hour; ffmpeg's HTTP reader seeks with Range requests, which the signature allows).
   */
  urlForReading(key: string, expiresInSeconds?: number): Promise<string>;

  /**
   * Resolves when the backend takes reads and writes (the folder is writable, the bucket
   * answers with these credentials), for /readyz; rejects with the reason otherwise.
   */
  check(): Promise<void>;
}

/** A key that is not a safe relative path (absolute, "..", NUL, empty segment ...). */
export class StorageKeyError extends Error {
  override name = 'StorageKeyError';
}

/** Nothing is stored under the key. */
export class StorageNotFound extends Error {
  override name = 'StorageNotFound';
  constructor(readonly key: string) {
    super(`Nothing is stored under ${JSON.stringify(key)}`);
  }
}

/** A range that starts at or past the end of the object (HTTP 416). */
export class StorageRangeError extends Error {
  override name = 'StorageRangeError';
  constructor(
    readonly key: string,
    readonly range: ByteRange,
  ) {
    super(`Range ${range.start}-${range.end} is outside ${JSON.stringify(key)}`);
  }
}
