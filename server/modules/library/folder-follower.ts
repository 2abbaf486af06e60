import type { FastifyBaseLogger } from 'fastify';
import { fileInfo } from '../../storage/folder-reads';
import { watchFolderTree, type FolderWatch } from '../../storage/folder-watch';

export interface FollowTiming {
  /** Changes settle: a scan is considered once nothing changed for this long (2 s). */
  quietMs: number;
  /** The changed files' sizes are compared across two looks this far apart (1 s). */
  checkMs: number;
}

const TIMING: FollowTiming = { quietMs: 2000, checkMs: 1000 };
/** A file that never stops changing (a log someone keeps in the folder) waits this long at most. */
const MOST_CHECKS = 600;
/** Sizes compared for at most this many changed paths (a huge copy: the latest ones). */
const MOST_PATHS = 2000;

/**
 * Follows MUSIC_DIR (decision 0057): changes are gathered until the folder is quiet, then the
 * changed files are looked at twice, a second apart, until none of them grew (a copy in
 * progress is not imported half-written); then a scan is asked for, which the import service
 * coalesces with any other. When the folder cannot be watched (ENOSPC: the inotify limit), it
 * says so once in the log and the schedule (SCAN_INTERVAL) goes on alone.
 */
export class FolderFollower {
  private watch: FolderWatch | null = null;
  private readonly changed = new Set<string>();
  private quiet: NodeJS.Timeout | null = null;
  private settling = false;
  private stopped = false;
  private lastChange = 0;

  constructor(
    private readonly root: string,
    private readonly requestScan: () => Promise<void>,
    private readonly log: FastifyBaseLogger,
    private readonly timing: FollowTiming = TIMING,
  ) {}

  async start(): Promise<void> {
    try {
      this.watch = await watchFolderTree(this.root, {
        onChange: (path) => this.note(path),
        onError: (error) => this.failed(error),
      });
    } catch (error) {
      this.failed(error as Error);
    }
  }

  stop(): void {
    this.stopped = true;
    this.watch?.close();
    this.watch = null;
    if (this.quiet) clearTimeout(this.quiet);
  }

  private failed(error: Error): void {
    this.watch = null;
    const code = (error as NodeJS.ErrnoException).code;
    const hint =
      code === 'ENOSPC'
        ? ' (the system limit of watched folders was reached: raise fs.inotify.max_user_watches)'
        : '';
    this.log.warn(
      `Not watching MUSIC_DIR any more${hint}: ${error.message}. Scheduled scans (SCAN_INTERVAL) go on.`,
    );
  }

  private note(path: string): void {
    if (this.stopped) return;
    this.changed.add(path);
    this.lastChange = Date.now();
    if (this.quiet) clearTimeout(this.quiet);
    this.quiet = setTimeout(() => void this.settle(), this.timing.quietMs);
    this.quiet.unref();
  }

  /**
   * Waits until the folder has been quiet for `quietMs`, then looks at the changed files twice,
   * `checkMs` apart: when they kept their sizes and nothing else changed, it asks for a scan;
   * else it waits for quiet again (changes that came meanwhile join the next look). A copy that
   * pauses for less than `quietMs + checkMs` is never taken half-written.
   */
  private async settle(): Promise<void> {
    this.quiet = null;
    if (this.settling || this.stopped) return;
    this.settling = true;
    try {
      const paths = new Set<string>();
      const gather = () => {
        for (const path of this.changed) paths.add(path);
        this.changed.clear();
        return [...paths].slice(-MOST_PATHS);
      };
      for (let check = 0; check < MOST_CHECKS && !this.stopped; check += 1) {
        const sinceChange = Date.now() - this.lastChange;
        if (sinceChange < this.timing.quietMs) {
          await sleep(this.timing.quietMs - sinceChange);
          continue;
        }
        const lookedAt = Date.now();
        const before = await sizes(gather());
        await sleep(this.timing.checkMs);
        const after = await sizes(gather());
        if (after === before && this.lastChange < lookedAt) break;
      }
      if (!this.stopped) await this.requestScan();
    } catch (error) {
      this.log.warn(error, 'following MUSIC_DIR');
    } finally {
      this.settling = false;
    }
    // What changed after the look waits for its own quiet moment.
    if (this.changed.size > 0 && !this.stopped && this.quiet === null) {
      this.quiet = setTimeout(() => void this.settle(), this.timing.quietMs);
      this.quiet.unref();
    }
  }
}

/** Each path's size and time, or that it is gone: equal strings mean nothing moved. */
async function sizes(paths: string[]): Promise<string> {
  const looks = await Promise.all(
    paths.map((path) =>
      fileInfo(path).then(
        (info) => (info.kind === 'file' ? `${info.size}:${info.mtimeMs}` : info.kind),
        () => 'gone',
      ),
    ),
  );
  return looks.join('\n');
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
