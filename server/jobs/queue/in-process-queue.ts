import type { JobHandler, JobQueue, PeriodicOptions, SendOptions } from './job-queue';

type Failed = (error: unknown, job: string) => void;

/**
 * The queue on SQLite: one process, so handlers run here and periodic jobs are unref'd timers
 * (exactly the timers each module kept before). Jobs live in memory: what a crash loses is
 * recovered by the owners at start, as before (an interrupted import is resent at init).
 */
export class InProcessQueue implements JobQueue {
  readonly durable = false;
  private readonly handlers = new Map<string, JobHandler<object>>();
  private readonly periodic: Array<{
    name: string;
    options: PeriodicOptions;
    run: () => Promise<unknown>;
  }> = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly waitingKeys = new Set<string>();
  private readonly pending: Array<() => void> = [];
  private readonly running = new Set<Promise<unknown>>();
  private started = false;
  private stopped = false;
  private stopping: Promise<void> | null = null;

  constructor(
    private readonly onError: Failed,
    /** How long stop() waits for running handlers. */
    private readonly stopTimeoutMs: number,
  ) {}

  work<T extends object>(name: string, handler: JobHandler<T>): void {
    this.handlers.set(name, handler as JobHandler<object>);
  }

  every(name: string, options: PeriodicOptions, run: () => Promise<unknown>): void {
    this.periodic.push({ name, options, run });
  }

  send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false);
    const key = options.singletonKey === undefined ? null : `${name}\0${options.singletonKey}`;
    if (key !== null) {
      if (this.waitingKeys.has(key)) return Promise.resolve(false);
      this.waitingKeys.add(key);
    }
    const dispatch = () => {
      if (key !== null) this.waitingKeys.delete(key);
      const handler = this.handlers.get(name);
      if (handler === undefined) return this.onError(new Error('no handler'), name);
      this.track(name, () => handler(data));
    };
    const afterMs = (options.startAfterSeconds ?? 0) * 1000;
    if (afterMs > 0) this.later(afterMs, dispatch);
    else if (this.started) setImmediate(dispatch);
    else this.pending.push(dispatch);
    return Promise.resolve(true);
  }

  start(): Promise<void> {
    if (this.started || this.stopped) return Promise.resolve();
    this.started = true;
    for (const dispatch of this.pending.splice(0)) setImmediate(dispatch);
    for (const { name, options, run } of this.periodic) {
      this.later(options.firstRunMs ?? options.periodMs, () => this.track(name, run));
      const every = setInterval(() => this.track(name, run), options.periodMs);
      every.unref();
      this.timers.add(every);
    }
    return Promise.resolve();
  }

  stop(): Promise<void> {
    this.stopping ??= this.drain();
    return this.stopping;
  }

  private async drain(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.pending.length = 0;
    let bound: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.running]),
      new Promise((resolve) => (bound = setTimeout(resolve, this.stopTimeoutMs))),
    ]);
    clearTimeout(bound);
  }

  /** Timers are unref'd: they never keep the process (or a test) alive. */
  private later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  private track(name: string, run: () => Promise<unknown>): void {
    if (this.stopped) return;
    const running: Promise<unknown> = Promise.resolve()
      .then(run)
      .catch((error: unknown) => this.onError(error, name))
      .finally(() => this.running.delete(running));
    this.running.add(running);
  }
}
