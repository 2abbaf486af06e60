import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-deps';
import { expireAllRoles, settleDormantBalances } from '../payments/expiry';

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_RUN_MS = 60 * 1000;

/** The store's daily work: expired roles and dormant balances. Both are idempotent. */
export async function runStoreJobs(deps: AppDeps, now = new Date()) {
  const roles = await expireAllRoles(deps.db, deps.settings, now);
  const balances = await settleDormantBalances(deps.db, deps.mailer, deps.config.publicUrl, now);
  return { roles, ...balances };
}

/** Timers are unref'd: they never keep the process (or a test) alive. */
export function startStoreJobs(deps: AppDeps, log: FastifyBaseLogger): { stop(): void } {
  const run = () =>
    void runStoreJobs(deps).catch((err: unknown) => log.warn({ err }, 'store jobs failed'));
  const first = setTimeout(run, FIRST_RUN_MS);
  const daily = setInterval(run, DAY_MS);
  first.unref();
  daily.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(daily);
    },
  };
}
