import type { Mailer } from '../mail/mailer';
import type { SettingsService } from '../modules/settings';
import { expireAllRoles, settleDormantBalances, type DormantRepository } from '../payments';
import type { JobQueue } from './queue/job-queue';

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_RUN_MS = 60 * 1000;

/** What the store's daily work reads and writes, handed in by the composition root. */
export interface StoreJobDeps {
  dormant: DormantRepository;
  settings: SettingsService;
  mailer: Mailer;
  publicUrl: string;
}

/** The store's daily work: expired roles and dormant balances. Both are idempotent. */
export async function runStoreJobs(deps: StoreJobDeps, now = new Date()) {
  const roles = await expireAllRoles(deps.dormant, deps.settings, now);
  const balances = await settleDormantBalances(deps.dormant, deps.mailer, deps.publicUrl, now);
  return { roles, ...balances };
}

/** Daily on the job queue (once a day however many servers run), first a minute after start. */
export function scheduleStoreJobs(queue: JobQueue, deps: StoreJobDeps): void {
  queue.every('store-daily', { periodMs: DAY_MS, firstRunMs: FIRST_RUN_MS }, () =>
    runStoreJobs(deps),
  );
}
