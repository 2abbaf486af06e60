import cluster, { type Worker } from 'node:cluster';

/** A worker that dies sooner than this after its start counts towards giving up. */
const EARLY_EXIT_MS = 10_000;
/** This many early exits in a row: the workers cannot start (a bad setting), so stop trying. */
const EARLY_EXITS_TO_GIVE_UP = 5;
const RESTART_DELAY_MS = 1_000;

export interface PrimaryOptions {
  processes: number;
  /** Once, when every worker listens for the first time. */
  onListening(): void;
  log(line: string): void;
}

/**
 * The cluster's primary (PROCESSES above 1, decision 0069): it serves nothing itself. It starts
 * the workers, which share the port (node:cluster hands each accepted connection to one of
 * them in turn), replaces one that dies, and on SIGTERM or SIGINT passes the signal on and
 * exits when they all have closed.
 *
 * The first worker starts alone: each worker starts the job queue, and pg-boss creating its
 * queues from two processes at once on a fresh database can deadlock in PostgreSQL.
 */
export async function runPrimary({ processes, onListening, log }: PrimaryOptions): Promise<void> {
  let closing = false;
  let closeCode = 0;
  let earlyExits = 0;
  /** Every live worker, with when it was forked. */
  const started = new Map<Worker, number>();
  /** The workers that have listened: only these are replaced when they end. */
  const serving = new Set<Worker>();

  const fork = (): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork();
      started.set(worker, Date.now());
      const failed = (code: number | null) =>
        reject(new Error(`a server process exited with code ${code ?? 'null'} while starting`));
      worker.once('exit', failed);
      worker.once('listening', () => {
        worker.off('exit', failed);
        serving.add(worker);
        resolve(worker);
      });
    });

  cluster.on('exit', (worker, code, signal) => {
    const since = started.get(worker) ?? Date.now();
    started.delete(worker);
    const wasServing = serving.delete(worker);
    if (closing) {
      if (started.size === 0) process.exit(closeCode);
      return;
    }
    // A worker that never listened rejected its `fork`, whose caller decides.
    if (!wasServing) return;
    log(
      `server process ${worker.process.pid} ended (${signal ?? `code ${code}`}): starting another`,
    );
    countExit(Date.now() - since < EARLY_EXIT_MS);
  });

  /** Counts an ended worker and starts its replacement, unless they keep ending at once. */
  const countExit = (early: boolean): void => {
    earlyExits = early ? earlyExits + 1 : 0;
    if (earlyExits >= EARLY_EXITS_TO_GIVE_UP) {
      log('server processes keep ending as they start: stopping');
      shutdown(1);
      return;
    }
    setTimeout(() => {
      if (closing) return;
      fork().catch((error: unknown) => {
        log(String(error));
        countExit(true);
      });
    }, RESTART_DELAY_MS);
  };

  const shutdown = (exitCode = 0): void => {
    if (closing) return;
    closing = true;
    closeCode = exitCode;
    if (started.size === 0) process.exit(exitCode);
    // Each worker drains its own connections within SHUTDOWN_GRACE_MS (server/main.ts).
    for (const worker of started.keys()) worker.process.kill('SIGTERM');
  };
  process.on('SIGINT', () => shutdown());
  process.on('SIGTERM', () => shutdown());

  try {
    await fork();
    await Promise.all(Array.from({ length: processes - 1 }, fork));
  } catch (error) {
    shutdown(1);
    throw error;
  }
  onListening();
}
