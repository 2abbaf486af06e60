import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/*
 * Streams written into files on this machine (issue 45: moved here from server/security, with
 * the rest of the server's file access): an upload received to its temporary name, a node's
 * hand-over, a backup's copy of a stored file.
 */

interface WriteOptions {
  flags: 'w' | 'wx';
  mode?: number;
}

/**
 * Pipes `source` through `transforms` into `target`. When anything fails, the file is gone
 * before this rejects: the write stream is closed first, because a stream destroyed while its
 * file was still being opened creates that file after an immediate removal (a refused upload
 * then left a `.part-` file behind). With `wx`, a file that already existed is not ours and stays.
 */
async function writeThrough(
  target: string,
  options: WriteOptions,
  source: Readable,
  transforms: Transform[],
): Promise<void> {
  const file = createWriteStream(target, options);
  let created = false;
  file.once('open', () => (created = true));
  try {
    await pipeline([source, ...transforms, file]);
  } catch (error) {
    if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
    if (created) await rm(target, { force: true });
    throw error;
  }
}

/** Pipes `source` through `transforms` into the file `target`; no half file stays on failure. */
export function streamToFile(
  target: string,
  flags: 'w' | 'wx',
  source: Readable,
  ...transforms: Transform[]
): Promise<void> {
  return writeThrough(target, { flags }, source, transforms);
}

/**
 * Copies the file `from` into the new file `to` (never over an existing one) through
 * `transforms` (a checksum, a progress meter), with the permission bits `mode`: a backup keeps
 * secret.key readable by its owner only. A failure (the source removed meanwhile: ENOENT)
 * leaves no `to` behind and rejects with node:fs's error.
 */
export function copyThrough(
  from: string,
  to: string,
  mode: number,
  ...transforms: Transform[]
): Promise<void> {
  return writeThrough(to, { flags: 'wx', mode }, createReadStream(from), transforms);
}
