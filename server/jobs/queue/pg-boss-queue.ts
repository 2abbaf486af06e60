import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import {
  RETRY,
  type JobHandler,
  type JobQueue,
  type PeriodicOptions,
  type SendOptions,
  type WorkOptions,
} from './job-queue';

export interface PgBossQueueOptions {
  url: string;
  onError: (error: unknown, job: string) => void;
  /** A periodic job ran here, for the period starting at `slot` (the log says so at debug). */
  onPeriodic: (job: string, slot: string) => void;
  /** How long stop() waits for running handlers before failing them back to the queue. */
  stopTimeoutMs: number;
  /** How often pg-boss hands on the jobs whose server died (expiry) and archives old ones. */
  maintenanceSeconds: number;
}

const DEFAULT_EXPIRE_SECONDS = 15 * 60;
const HALF_DAY_SECONDS = 12 * 60 * 60;
/** Each server offers a periodic job this often at most; the database keeps one per period. */
const OFFER_MS = 60_000;

type Periodic = { name: string; options: PeriodicOptions; run: () => Promise<unknown> };

/**
 * The queue on PostgreSQL: pg-boss 10 in its own schema (`pgboss`, made by pg-boss at start),
 * two connections per server. "Once per period" is a unique index of pg-boss (job name,
 * period start, key): every server offers the job for the current period and only the first
 * offer is stored; completed jobs stay (not archived) for two periods, so a late offer still
 * meets the first. A job whose server dies stays active until it expires, then is retried by
 * any server with backoff (RETRY).
 */
export class PgBossQueue implements JobQueue {
  readonly durable = true;
  private boss: PgBoss | null = null;
  private readonly workers = new Map<
    string,
    { handler: JobHandler<object>; options: WorkOptions }
  >();
  private readonly periodic: Periodic[] = [];
  private readonly workerIds = new Map<string, string>();
  private readonly pending: Array<() => Promise<unknown>> = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(private readonly options: PgBossQueueOptions) {}

  work<T extends object>(name: string, handler: JobHandler<T>, options: WorkOptions = {}): void {
    this.workers.set(name, { handler: handler as JobHandler<object>, options });
  }

  every(name: string, options: PeriodicOptions, run: () => Promise<unknown>): void {
    this.periodic.push({ name, options, run });
  }

  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<boolean> {
    if (this.stopped) return false;
    // Sent before start (an owner's init): stored once pg-boss is up.
    if (this.boss === null) {
      this.pending.push(() => this.send(name, data, options));
      return true;
    }
    const expireInSeconds = this.workers.get(name)?.options.expireInSeconds;
    const id = await this.boss.send(name, data, {
      ...RETRY,
      expireInSeconds: expireInSeconds ?? DEFAULT_EXPIRE_SECONDS,
      // Queues are 'short' (one waiting job per key): a send without a key never collides.
      singletonKey: options.singletonKey ?? randomUUID(),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    });
    if (id !== null && !options.startAfterSeconds) this.wake(name);
    return id !== null;
  }

  async start(): Promise<void> {
    if (this.boss !== null || this.stopped) return;
    const longest = Math.max(0, ...this.periodic.map((p) => p.options.periodMs / 1000));
    const boss = new PgBoss({
      connectionString: this.options.url,
      schema: 'pgboss',
      max: 2,
      application_name: 'musicbox-jobs',
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: this.options.maintenanceSeconds,
      archiveCompletedAfterSeconds: Math.max(HALF_DAY_SECONDS, Math.ceil(2 * longest)),
    });
    boss.on('error', (error) => this.options.onError(error, 'pg-boss'));
    await boss.start();
    this.boss = boss;
    const names = [...this.workers.keys(), ...this.periodic.map((p) => p.name)];
    for (const name of names) await boss.createQueue(name, { name, policy: 'short' });
    for (const [name, { handler }] of this.workers) {
      const id = await boss.work<object>(name, { batchSize: 1 }, async ([job]) => {
        if (job) await handler(job.data);
      });
      this.workerIds.set(name, id);
    }
    for (const periodic of this.periodic) await this.startPeriodic(boss, periodic);
    for (const send of this.pending.splice(0)) await send();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    // Running handlers get the bound; what is still running then is failed back to the queue
    // (retried by another server) and the pool is closed.
    await this.boss?.stop({ graceful: true, close: true, timeout: this.options.stopTimeoutMs });
  }

  private async startPeriodic(boss: PgBoss, { name, options, run }: Periodic): Promise<void> {
    const id = await boss.work<object>(
      name,
      { batchSize: 1, includeMetadata: true },
      async ([job]) => {
        if (!job) return;
        this.options.onPeriodic(name, new Date(job.singletonOn ?? job.createdOn).toISOString());
        await run();
      },
    );
    this.workerIds.set(name, id);
    const periodSeconds = Math.max(1, Math.round(options.periodMs / 1000));
    // Offered at least twice a period, so a period is never skipped between two offers.
    const offerMs = Math.min(OFFER_MS, options.periodMs / 2);
    const offer = () =>
      void boss
        .send(
          name,
          {},
          {
            ...RETRY,
            expireInSeconds: DEFAULT_EXPIRE_SECONDS,
            singletonKey: name,
            singletonSeconds: periodSeconds,
          },
        )
        .then((stored) => stored !== null && this.wake(name))
        .catch((error: unknown) => this.options.onError(error, name));
    const first = setTimeout(() => {
      this.timers.delete(first);
      offer();
      const every = setInterval(offer, offerMs);
      every.unref();
      this.timers.add(every);
    }, options.firstRunMs ?? offerMs);
    first.unref();
    this.timers.add(first);
  }

  /** This server's worker polls every 2 s; a job it just stored is fetched at once. */
  private wake(name: string): void {
    const id = this.workerIds.get(name);
    if (id !== undefined && !this.stopped) this.boss?.notifyWorker(id);
  }
}
