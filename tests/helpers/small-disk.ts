import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, statfs, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Real full disks for fault tests (issue 31 §3): small tmpfs mounts over the parts of a data
 * dir a write path uses, filled to a few KB free by a filler file. The database (SQLite's file
 * lives in DATA_DIR) stays on the roomy disk, so the test sees the file write fail, not the
 * session lookup.
 */
export interface SmallDisks {
  /** Give it to the test app as DATA_DIR. */
  dataDir: string;
  /** Fills the small disks (all, or those of `only`) until only `leaveBytes` are free. */
  fill(leaveBytes?: number, only?: string[]): Promise<void>;
  /** Removes the fillers: the disks have room again. */
  free(): Promise<void>;
  /** Every file under `sub` (relative to the data dir), fillers left out. */
  filesIn(sub: string): Promise<string[]>;
  /** Unmounts and removes the data dir; safe to call after a failed setup. */
  cleanup(): Promise<void>;
}

const FILLER = '.filler';

/**
 * Whether this machine lets the tests mount a tmpfs. In CI it must (we run as root there), so
 * a refusal throws with the reason; locally the tests that need it are skipped.
 */
export async function canMountTmpfs(): Promise<boolean> {
  const probe = await mkdtemp(path.join(os.tmpdir(), 'musicbox-mount-probe-'));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe]);
    await run('umount', [probe]);
    return true;
  } catch (error) {
    if (process.env.CI)
      throw new Error(
        `The full-disk tests need to mount a tmpfs (run as root): ${(error as Error).message}`,
      );
    return false;
  } finally {
    await rm(probe, { recursive: true, force: true });
  }
}

/** A data dir whose folders `subs` (e.g. "media", "tus") are small tmpfs disks of `sizeKb`. */
export async function smallDisks(subs: string[], sizeKb = 4096): Promise<SmallDisks> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'musicbox-full-'));
  const mounted: string[] = [];
  const cleanup = async () => {
    for (const dir of mounted.splice(0)) {
      // A lazy unmount as the last resort, so a file still open cannot keep the mount around.
      await run('umount', [dir]).catch(() => run('umount', ['-l', dir]));
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    for (const sub of subs) {
      const dir = path.join(dataDir, sub);
      await mkdir(dir, { recursive: true });
      await run('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', dir]);
      mounted.push(dir);
    }
  } catch (error) {
    await cleanup();
    throw error;
  }
  return {
    dataDir,
    async fill(leaveBytes = 4096, only = subs) {
      for (const dir of only.map((sub) => path.join(dataDir, sub))) {
        const { bavail, bsize } = await statfs(dir);
        const room = bavail * bsize - leaveBytes;
        if (room > 0) await writeFile(path.join(dir, FILLER), Buffer.alloc(room), { flag: 'a' });
      }
    },
    async free() {
      for (const dir of mounted) await rm(path.join(dir, FILLER), { force: true });
    },
    async filesIn(sub) {
      const root = path.join(dataDir, sub);
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries
        .filter((e) => e.isFile() && e.name !== FILLER)
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
        .sort();
    },
    cleanup,
  };
}
