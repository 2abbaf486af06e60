import { StorageKeyError, type ByteRange } from './storage';

/*
 * The rules every key follows on both backends, so a key that works on one works on the other
 * and none can leave the local root: relative POSIX paths, no "." or ".." segments, no empty
 * segment, no control characters (NUL included), no backslash (a separator on Windows), at most
 * 1024 bytes of UTF-8 (S3's limit) and 255 bytes a segment (a file name's limit on Linux).
 */

/**
 * The name a local write gives its temporary file beside the target; such names are not keys,
 * so a listing never shows a write in progress (or the leftover of a crash).
 */
export const TEMP_NAME = /\.[0-9a-f]{12}\.tmp$/;

function fail(value: string, why: string): never {
  throw new StorageKeyError(`Storage key ${JSON.stringify(value)} ${why}`);
}

function checkSegments(value: string, segments: string[]): void {
  for (const segment of segments) {
    if (segment === '') fail(value, 'has an empty segment');
    if (segment === '.' || segment === '..') fail(value, 'has a "." or ".." segment');
    if (Buffer.byteLength(segment) > 255) fail(value, 'has a segment over 255 bytes');
  }
}

function checkCharacters(value: string): void {
  if (value.startsWith('/')) fail(value, 'is absolute');
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) fail(value, 'has a control character');
  if (value.includes('\\')) fail(value, 'has a backslash');
  if (Buffer.byteLength(value) > 1024) fail(value, 'is over 1024 bytes');
}

/** Returns the key when it is safe, else throws StorageKeyError. */
export function checkKey(key: string): string {
  if (key === '') fail(key, 'is empty');
  checkCharacters(key);
  const segments = key.split('/');
  checkSegments(key, segments);
  if (TEMP_NAME.test(segments.at(-1) ?? '')) fail(key, 'ends like a temporary file');
  return key;
}

/** A list prefix: "" (everything), or a key's beginning; it may end with "/". */
export function checkPrefix(prefix: string): string {
  if (prefix === '') return prefix;
  checkCharacters(prefix);
  const segments = prefix.split('/');
  // The last segment is a name's beginning: empty after a trailing slash.
  checkSegments(prefix, segments.slice(0, -1));
  if (segments.at(-1) === '..') fail(prefix, 'has a "." or ".." segment');
  return prefix;
}

/** Whole, non-negative, in order; whether it fits the object is the backend's to say. */
export function checkRange(range: ByteRange): ByteRange {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`Invalid byte range ${start}-${end}`);
  }
  return range;
}
