import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Pipes `source` through `transforms` into the file `target`. When anything fails, the file is
 * gone before this rejects: the write stream is closed first, because a stream destroyed while
 * its file was still being opened creates that file after an immediate removal (a refused
 * upload then left a `.part-` file behind). With `wx`, a file that already existed is not ours
 * and stays.
 */
export async function streamToFile(
  target: string,
  flags: 'w' | 'wx',
  source: Readable,
  ...transforms: Transform[]
): Promise<void> {
  const file = createWriteStream(target, { flags });
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
