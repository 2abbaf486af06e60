/**
 * One queue for background work (issue 32, decision 0051). Handlers and periodic jobs are
 * registered before `start()`; `send` may be called at any time (before start, jobs wait).
 * On SQLite the queue runs in this process, as the timers did; on PostgreSQL it is pg-boss,
 * shared by every app server on the database.
 */
export type JobHandler<T> = (data: T) => Promise<unknown>;

export interface SendOptions {
  /** At most one job with this key waits to run at a time; a second send is dropped. */
  singletonKey?: string;
  /** Run no sooner than this many seconds from now. */
  startAfterSeconds?: number;
}

export interface WorkOptions {
  /**
   * How long one run may hold its job. On PostgreSQL a job held longer (its server was killed)
   * is handed to another server; in-process it is not used.
   */
  expireInSeconds?: number;
}

export interface PeriodicOptions {
  /** Runs once per period, however many app servers share the queue. */
  periodMs: number;
  /** The first run this long after start (default: one period). */
  firstRunMs?: number;
}

export interface JobQueue {
  /** Jobs outlive this process: another server (or this one after a restart) picks them up. */
  readonly durable: boolean;
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions): void;
  every(name: string, options: PeriodicOptions, handler: () => Promise<unknown>): void;
  /** Answers false when a job with the same singletonKey was already waiting. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<boolean>;
  start(): Promise<void>;
  /** No new runs; running handlers get up to the queue's bound to finish, then are released. */
  stop(): Promise<void>;
}

/** Retries of a failed or abandoned run: 3 more tries, 10 s then doubling (with jitter). */
export const RETRY = { retryLimit: 3, retryDelay: 10, retryBackoff: true } as const;
