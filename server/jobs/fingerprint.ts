import { createHash } from 'node:crypto';
import { readAt } from '../storage/folder-reads';

const SAMPLE = 64 * 1024;
const POINTS = [0.25, 0.5, 0.75];

/**
 * A file's content fingerprint (decision 0056): sha256 over its size and three 64 KiB samples at
 * a quarter, half and three quarters of it (a small file is hashed whole). A move or rename
 * keeps every byte, so the print finds the file again after reading 192 KiB, where a hash of
 * the whole file would read gigabytes of a FLAC library on every rescan. Tags sit at the start
 * or end of a file, away from the samples, but a retag changes the size and so the print: a
 * file moved and retagged in the same scan is seen as one gone and one new. "v1:" names the
 * recipe, so a better one later never matches an old print by accident.
 */
export async function fingerprintFile(path: string, size: number): Promise<string> {
  const hash = createHash('sha256').update(String(size));
  if (size <= SAMPLE * POINTS.length) hash.update(await readAt(path, 0, size));
  else
    for (const point of POINTS)
      hash.update(await readAt(path, Math.floor((size - SAMPLE) * point), SAMPLE));
  return `v1:${hash.digest('hex')}`;
}
