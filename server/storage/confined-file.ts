import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A confined file opened for reading: its size (for Content-Length) and its bytes. */
export interface ConfinedRead {
  size: number;
  /** Owns the open file: closed at its end or when destroyed. */
  stream: Readable;
}

/**
 * Opens `relative` under `root` only when it resolves, every symbolic link included, to a
 * regular file inside root (issue 45; members' uploads, decision 0050's fourth part). Null
 * otherwise, however it fails (missing, outside root, a folder, a device), so the caller answers
 * one 404 that tells nothing about the disk. The real path is opened with O_NOFOLLOW: a link
 * swapped in after the check is refused rather than followed out of the folder.
 */
export async function openConfined(root: string, relative: string): Promise<ConfinedRead | null> {
  const realRoot = await realpath(root).catch(() => null);
  const real = await realpath(path.join(root, relative)).catch(() => null);
  if (realRoot === null || real === null || !real.startsWith(realRoot + path.sep)) return null;
  const handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => null);
  if (handle === null) return null;
  try {
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      return null;
    }
    return { size: info.size, stream: handle.createReadStream() };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
