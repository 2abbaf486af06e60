import type { LimitWindow } from './rate-limit.repository';

/**
 * Rate-limit windows in this process: on SQLite one process owns the database file, so there
 * is nothing to share, and a restart forgetting the counts only ever helps a user.
 * Synchronous underneath, so an attempt is counted before any other request runs.
 */
export class MemoryWindows {
  private readonly windows = new Map<string, LimitWindow>();

  add(key: string, windowMs: number, now: number): Promise<LimitWindow> {
    let window = this.windows.get(key);
    if (window === undefined || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return Promise.resolve({ ...window });
  }

  find(key: string, now: number): Promise<LimitWindow | undefined> {
    const window = this.windows.get(key);
    return Promise.resolve(
      window !== undefined && window.resetAt > now ? { ...window } : undefined,
    );
  }

  remove(key: string): Promise<void> {
    this.windows.delete(key);
    return Promise.resolve();
  }

  sweep(now: number): Promise<void> {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    return Promise.resolve();
  }
}
