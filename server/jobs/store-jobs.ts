import type { AppDeps } from '../app-deps';
import { expireAllRoles, settleDormantBalances } from '../payments/expiry';
import type { JobQueue } from './queue/job-queue';

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_RUN_MS = 60 * 1000;

/** The store's daily work: expired roles and dormant balances. Both are idempotent. */
export async function runStoreJobs(deps: AppDeps, now = new Date()) {
  const roles = await expireAllRoles(deps.db, deps.settings, now);
  const balances = await settleDormantBalances(deps.db, deps.mailer, deps.config.publicUrl, now);
  return { roles, ...balances };
}

/** Daily on the job queue (once a day however many servers run), first a minute after start. */
export function scheduleStoreJobs(queue: JobQueue, deps: AppDeps): void {
  queue.every('store-daily', { periodMs: DAY_MS, firstRunMs: FIRST_RUN_MS }, () =>
    runStoreJobs(deps),
  );
}
