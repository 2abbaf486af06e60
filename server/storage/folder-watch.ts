import { watch, type FSWatcher } from 'node:fs';
import { join, sep } from 'node:path';
import { isFolder, listTree } from './folder-reads';

/** Following a local folder's changes (the owner's MUSIC_DIR, decision 0057). */
export interface FolderWatch {
  close(): void;
}

export interface FolderWatchEvents {
  /** Something at this path was added, changed, moved or removed. */
  onChange(path: string): void;
  /**
   * Watching stopped and will not come back (the root cannot be watched, or the system's
   * limit of watches was reached: ENOSPC). Called once; every watch is closed by then.
   */
  onError(error: Error): void;
}

/**
 * Watches `root` and every folder under it, one inotify watch per folder (fs.watch without
 * `recursive`): Node 20's recursive watch on Linux reports no writes to a file being copied,
 * which is what tells a copy in progress from a finished one. A folder that appears (made or
 * moved in) is watched too, and everything already inside it reported. Symbolic links are not
 * followed. Watches never keep the process alive; `close` ends them all.
 */
export async function watchFolderTree(
  root: string,
  events: FolderWatchEvents,
): Promise<FolderWatch> {
  const watchers = new Map<string, FSWatcher>();
  let closed = false;

  const closeAll = () => {
    closed = true;
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
  };
  const fail = (error: Error) => {
    if (closed) return;
    closeAll();
    events.onError(error);
  };
  const forget = (dir: string) => {
    for (const [path, watcher] of watchers) {
      if (path !== dir && !path.startsWith(dir + sep)) continue;
      watcher.close();
      watchers.delete(path);
    }
  };

  const watchOne = (dir: string) => {
    if (closed || watchers.has(dir)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, { persistent: false }, (kind, name) => {
        const path = name ? join(dir, name.toString()) : dir;
        events.onChange(path);
        if (kind === 'rename') void follow(path);
      });
    } catch (error) {
      // Gone already (a folder removed as it was found) is no failure; a limit or the root is.
      const code = (error as NodeJS.ErrnoException).code;
      if (dir !== root && (code === 'ENOENT' || code === 'ENOTDIR')) return;
      return fail(error as Error);
    }
    watcher.on('error', (error) => {
      if (dir === root) return fail(error);
      forget(dir);
    });
    watchers.set(dir, watcher);
  };

  /** A path that was added or removed: a new folder is watched with all it holds. */
  const follow = async (path: string) => {
    try {
      if (!(await isFolder(path))) return forget(path);
      if (watchers.has(path)) return;
      watchOne(path);
      for (const entry of await listTree(path)) {
        if (entry.kind === 'folder') watchOne(entry.path);
        events.onChange(entry.path);
      }
    } catch {
      // Removed while being listed: its removal is reported by its parent's watch.
    }
  };

  watchOne(root);
  if (!closed) {
    for (const entry of await listTree(root)) if (entry.kind === 'folder') watchOne(entry.path);
  }
  return { close: closeAll };
}
